import ArgumentParser
import Catalog
import Foundation
import Observer

/// Completes lines of the command language for TAB at the prompt: command names, subcommands and
/// options from the ArgumentParser tree of ``WorkbenchCommand``, and each argument's values as its
/// command declares them (`completion: .list`, `.file`, `.session(…)`): product identifiers,
/// transactions, observers, storefronts, file names, … It needs no terminal, so that tests drive it
/// directly.
public struct Completer {
  /// The session whose catalog, queue and observers supply values.
  public let session: Session
  private let language: CommandSpec

  /// Creates a completer over a session.
  public init(session: Session) {
    self.session = session
    self.language = CommandSpec.language
  }

  /// The candidates for the word before the cursor.
  ///
  /// - Parameters:
  ///   - line: the line being edited.
  ///   - cursor: the cursor's position in characters; the end of the line when `nil`.
  /// - Returns: the partial word and the words that may replace it (none inside a comment or an
  ///   open quote).
  public func complete(_ line: String, cursor: Int? = nil) -> Completion {
    guard let owner = session.owner else { return completion(of: line, cursor: cursor) }
    return owner.withSession { _ in completion(of: line, cursor: cursor) }
  }

  /// ``complete(_:cursor:)`` on the session, once it is the caller's alone.
  private func completion(of line: String, cursor: Int?) -> Completion {
    let before = String(line.prefix(cursor ?? line.count))
    let word = String(before.reversed().prefix { $0 != " " && $0 != "\t" }.reversed())
    guard let words = Self.completeWords(before: String(before.dropLast(word.count))) else {
      return Completion(word: word, candidates: [])
    }
    let candidates = Set(sources(after: words, completing: word).flatMap { values(of: $0, completing: word) })
    return Completion(word: word, candidates: candidates.filter { $0.hasPrefix(word) }.sorted())
  }

  /// The words before the one under completion, or `nil` when the cursor is inside a comment or a
  /// quote.
  private static func completeWords(before head: String) -> [String]? {
    do {
      let words = try CommandLineSplitter.split(head)
      return try CommandLineSplitter.split(head + "x") == words + ["x"] ? words : nil
    } catch {
      return nil
    }
  }

  /// Where the next word of a line that begins with `words` comes from.
  func sources(after words: [String], completing word: String) -> [CompletionSource] {
    guard let first = words.first else {
      return [.words(language.subcommands.flatMap(\.allNames) + ["try", "on"])]
    }
    if first == "try" { return sources(after: Array(words.dropFirst()), completing: word) }
    if first == "on" {
      return words.count == 1 ? [.devices] : sources(after: Array(words.dropFirst(2)), completing: word)
    }
    if first == "help" {
      let (command, _, rest) = walk(Array(words.dropFirst()))
      return rest.isEmpty ? [.words(command.subcommands.flatMap(\.allNames))] : []
    }
    let (command, path, rest) = walk(words)
    switch path {
    case []: return []
    case ["expect"]: return Expectation.completionSources(after: Array(rest))
    default: return sources(of: command, at: path, after: rest, completing: word)
    }
  }

  /// Descends the tree along the words naming subcommands.
  ///
  /// - Returns: the deepest command reached, the names leading to it, and the words after them.
  private func walk(_ words: [String]) -> (CommandSpec, [String], ArraySlice<String>) {
    var command = language
    var path: [String] = []
    var rest = words[...]
    while let word = rest.first, let subcommand = command.subcommand(named: word) {
      command = subcommand
      path.append(subcommand.name)
      rest = rest.dropFirst()
    }
    return (command, path, rest)
  }

  /// The next word of a command's arguments: an option name, an option's value, a subcommand or a
  /// positional value.
  private func sources(
    of command: CommandSpec, at path: [String], after arguments: ArraySlice<String>, completing word: String
  ) -> [CompletionSource] {
    if word.hasPrefix("-") { return [.words(command.arguments.flatMap(\.names))] }
    if let last = arguments.last, let option = command.argument(named: last), option.kind == .option {
      return sources(of: option, at: path, completing: word)
    }
    var position = 0
    var index = arguments.startIndex
    while index < arguments.endIndex {
      if let named = command.argument(named: arguments[index]) {
        index += named.kind == .option ? 2 : 1
      } else {
        position += 1
        index += 1
      }
    }
    if position == 0 && !command.subcommands.isEmpty {
      return [.words(command.subcommands.flatMap(\.allNames))]
    }
    let positionals = command.positionals
    guard let last = positionals.last else { return [] }
    if position < positionals.count {
      return sources(of: positionals[position], at: path, completing: word)
    }
    return last.isRepeating ? sources(of: last, at: path, completing: word) : []
  }

  /// Where an argument's values come from, as its command declares them: its fixed values
  /// (`completion: .list`, an enumeration's cases), file names (`.file`), and the values the
  /// command's own `completion: .session(…)` computes from the session.
  private func sources(
    of argument: CommandSpec.Argument, at path: [String], completing word: String
  ) -> [CompletionSource] {
    var sources: [CompletionSource] = argument.values.isEmpty ? [] : [.words(argument.values)]
    if argument.isFile { sources.append(.files) }
    if argument.isCustom { sources.append(.words(customValues(of: argument, at: path, completing: word))) }
    return sources
  }

  /// What the argument's `completion: .custom` closure answers, asked as a shell's completion
  /// script asks (`---completion`), with this completer lent to ``CompletionKind/session(_:)``.
  private func customValues(
    of argument: CommandSpec.Argument, at path: [String], completing word: String
  )
    -> [String]
  {
    let request = ["---completion"] + path + ["--", argument.completionName, "0", "\(word.count)", word]
    return CompletionSource.$asking.withValue(CompletingSession(self)) {
      do {
        _ = try WorkbenchCommand.parseAsRoot(request)
        return []
      } catch {
        let answer = WorkbenchCommand.fullMessage(for: error)
        return answer.split(separator: "\n").map(String.init)
      }
    }
  }

  /// The values a source offers for a partial word.
  func values(of source: CompletionSource, completing word: String) -> [String] {
    switch source {
    case .words(let words): return words
    case .products: return session.world.store.catalog.products.map(\.id)
    case .autoRenewables:
      return session.world.store.catalog.products.filter { $0.type == .autoRenewable }.map(\.id)
    case .transactions: return transactionReferences()
    case .observers: return session.device.queue.observers.map(\.name)
    case .files: return files(completing: word)
    case .storefronts: return session.world.store.catalog.storefronts.map(\.id) + Storefront.known.map(\.id)
    case .locales:
      return session.world.store.catalog.products.flatMap { $0.localizations.map(\.locale) }
        + [session.world.store.locale]
    case .devices: return session.world.devices.map(\.name)
    case .accounts: return session.world.store.allAccounts.map(\.name)
    case .offers:
      return session.world.store.catalog.products.flatMap {
        $0.subscription?.promotionalOffers.compactMap(\.id) ?? []
      }
    case .apiKeys: return session.world.apiKeys.keys.map(\.keyId)
    case .codeOffers:
      return session.world.store.catalog.products.flatMap { $0.codeOffers.map(\.referenceName) }
    case .offerKeys: return session.world.allOfferKeys.map(\.keyId)
    case .winBackOffers:
      return session.world.store.catalog.products.flatMap {
        $0.subscription?.winBackOffers.compactMap(\.id) ?? []
      }
    case .offerCodes:
      session.world.store.syncCatalogCodes()
      return session.world.store.offerCodes.codes.map(\.code)
    }
  }

  /// `last`, every handle, and the identifiers of the session's transactions and of the account's
  /// purchase history.
  private func transactionReferences() -> [String] {
    let registry = session.world.registry
    return ["last"] + registry.all.map(\.handleText) + registry.all.compactMap(\.transactionIdentifier)
      + (session.device.queue.account?.history.map(\.transactionId) ?? [])
  }

  /// The entries of the directory a partial path names, relative to the session's directory;
  /// directories end with `/`, hidden entries appear only when the word asks for them.
  private func files(completing word: String) -> [String] {
    let directoryPart = word.contains("/") ? String(word[...word.lastIndex(of: "/")!]) : ""
    let namePart = word.dropFirst(directoryPart.count)
    let directory = session.resolve(directoryPart.isEmpty ? "." : directoryPart)
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
    return names.filter { !$0.hasPrefix(".") || namePart.hasPrefix(".") }.map { name in
      var isDirectory: ObjCBool = false
      let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
      let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
      return directoryPart + name + (exists && isDirectory.boolValue ? "/" : "")
    }
  }
}
