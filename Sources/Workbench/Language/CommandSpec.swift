import ArgumentParser
import Foundation

/// The command language as ArgumentParser describes it (`--experimental-dump-help`, its
/// `ToolInfoV0` JSON): each command's names, subcommands and arguments. Completion walks it, so that
/// a new command or option completes without anyone keeping a list.
struct CommandSpec: Sendable, Hashable {
  /// One argument, option or flag of a command.
  struct Argument: Sendable, Hashable {
    /// How the argument is written.
    enum Kind: String, Sendable, Hashable, Decodable {
      /// A value given by position.
      case positional
      /// A name followed by a value, such as `--quantity 3`.
      case option
      /// A name alone, such as `--all`.
      case flag
    }

    /// How it is written.
    var kind: Kind
    /// Its names with their dashes, long names first: `--quantity`, `-q`.
    var names: [String]
    /// The name of its value, such as `product-id`.
    var valueName: String
    /// Whether it takes several values.
    var isRepeating: Bool
    /// The values it accepts, when they are a fixed list (`on`, `off`).
    var values: [String]
    /// Whether its value is a file name.
    var isFile: Bool
    /// Whether it takes every word after it as it stands, dashes included (`expect`'s words).
    var isPassthrough = false
    /// Whether the command computes its values (`completion: .session(…)` or another `.custom`).
    var isCustom: Bool = false
    /// How ArgumentParser's `---completion` request names it: its first name, or
    /// `positional@N` for the Nth positional argument.
    var completionName: String = ""
    /// Whether it may be left out.
    var isOptional = false
    /// Its one-line help.
    var abstract = ""
    /// The value it takes when left out, when it has one.
    var defaultValue: String?
  }

  /// The command's name.
  var name: String
  /// Other names it answers to.
  var aliases: [String]
  /// Its subcommands, in declaration order.
  var subcommands: [CommandSpec]
  /// Its arguments, options and flags, `--help` included.
  var arguments: [Argument]
  /// Its one-line help.
  var abstract = ""
  /// Its longer help, paragraphs as written.
  var discussion = ""

  /// The name and the aliases.
  var allNames: [String] { [name] + aliases }

  /// The subcommand with this name or alias.
  func subcommand(named word: String) -> CommandSpec? {
    subcommands.first { $0.allNames.contains(word) }
  }

  /// The option or flag with this name.
  func argument(named word: String) -> Argument? {
    arguments.first { $0.kind != .positional && $0.names.contains(word) }
  }

  /// The positional arguments, in order.
  var positionals: [Argument] { arguments.filter { $0.kind == .positional } }

  /// The tree of ``WorkbenchCommand``, read once.
  static let language = describe(WorkbenchCommand.self)

  /// Reads a command tree from ArgumentParser's own description of it.
  static func describe(_ command: any ParsableCommand.Type) -> CommandSpec {
    let json: String
    do {
      _ = try command.parseAsRoot(["--experimental-dump-help"])
      json = ""
    } catch {
      json = command.fullMessage(for: error)
    }
    do {
      return CommandSpec(try JSONDecoder().decode(ToolInfo.self, from: Data(json.utf8)).command)
    } catch {
      // Only a change in ArgumentParser's format gets here; the tests catch it, and the prompt
      // then completes nothing rather than fail.
      return CommandSpec(
        name: command.configuration.commandName ?? "", aliases: [], subcommands: [], arguments: [])
    }
  }

  init(name: String, aliases: [String], subcommands: [CommandSpec], arguments: [Argument]) {
    self.name = name
    self.aliases = aliases
    self.subcommands = subcommands
    self.arguments = arguments
  }

  private init(_ info: ToolInfo.Command) {
    self.init(
      name: info.commandName, aliases: info.aliases ?? [],
      subcommands: (info.subcommands ?? []).filter { $0.shouldDisplay ?? true }.map(CommandSpec.init),
      arguments: Self.arguments(info.arguments ?? []))
    abstract = info.abstract ?? ""
    discussion = info.discussion ?? ""
  }

  /// The arguments ArgumentParser shows, positionals numbered as `---completion` numbers them
  /// (hidden ones included).
  private static func arguments(_ infos: [ToolInfo.Argument]) -> [Argument] {
    var position = 0
    return infos.compactMap { info in
      guard var argument = Argument(info) else { return nil }
      if argument.kind == .positional {
        argument.completionName = "positional@\(position)"
        position += 1
      }
      return info.shouldDisplay ?? true ? argument : nil
    }
  }
}

extension CommandSpec.Argument {
  /// The values in their first order, each once (ArgumentParser lists an enum's values both as
  /// its values and as its completion).
  private static func distinct(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }

  fileprivate init?(_ info: ToolInfo.Argument) {
    let names = (info.names ?? []).map { ($0.kind == "long" ? "--" : "-") + $0.name }
    guard info.kind == .positional || !names.isEmpty else { return nil }
    let ordered = names.filter { $0.hasPrefix("--") } + names.filter { !$0.hasPrefix("--") }
    self.init(
      kind: info.kind, names: ordered,
      valueName: info.valueName ?? "", isRepeating: info.isRepeating ?? false,
      values: Self.distinct((info.allValues ?? []) + (info.completionKind?.list?.values ?? [])),
      isFile: info.completionKind?.file != nil || info.completionKind?.directory != nil,
      isPassthrough: info.parsingStrategy == "allRemainingInput",
      isCustom: info.completionKind?.custom != nil, completionName: ordered.first ?? "",
      isOptional: info.isOptional ?? false, abstract: info.abstract ?? "", defaultValue: info.defaultValue)
  }
}

/// The parts of ArgumentParser's `ToolInfoV0` JSON that completion reads.
private struct ToolInfo: Decodable {
  struct Command: Decodable {
    var commandName: String
    var aliases: [String]?
    var shouldDisplay: Bool?
    var abstract: String?
    var discussion: String?
    var subcommands: [Command]?
    var arguments: [Argument]?
  }

  struct Argument: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }

    struct Completion: Decodable {
      struct List: Decodable {
        var values: [String]
      }

      var list: List?
      var file: [String: [String]]?
      var directory: [String: [String]]?
      var custom: [String: String]?
    }

    var kind: CommandSpec.Argument.Kind
    var names: [Name]?
    var valueName: String?
    var isRepeating: Bool?
    var allValues: [String]?
    var completionKind: Completion?
    var parsingStrategy: String?
    var shouldDisplay: Bool?
    var isOptional: Bool?
    var abstract: String?
    var defaultValue: String?
  }

  var command: Command
}
