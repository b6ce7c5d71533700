import Foundation

/// The help of the command language, the same text `help` prints at the prompt: the groups of
/// commands on one screen, every command with what it does (`help all`), one command's usage and
/// options as typed at the prompt, or a topic. `storebench help-commands`, `storebench help COMMAND`
/// and `storebench COMMAND --help` print it too.
public enum CommandHelp {
  /// The width help text is wrapped to.
  static let width = 80

  /// The word after `help` that asks for every command with what it does.
  public static let allWord = "all"

  /// The help for a command or topic given by its words: none for the groups of commands, `all`
  /// for every command.
  ///
  /// - Throws: ``WorkbenchError`` when the words name no command and no topic.
  public static func text(for words: [String]) throws(WorkbenchError) -> String {
    guard !words.isEmpty else { return overview() }
    if words == [allWord] { return commandList() }
    var spec = CommandSpec.language
    var path: [String] = []
    for word in words {
      guard let subcommand = spec.subcommand(named: word) else {
        if path.isEmpty, words.count == 1, let topic = HelpTopic(word: word) { return topic.text }
        let asked = (path + [word]).joined(separator: " ")
        throw WorkbenchError(.notFound, "no command or topic \"\(asked)\" (`help` lists them)")
      }
      spec = subcommand
      path.append(subcommand.name)
    }
    let text = commandText(spec, path: path)
    guard path.count == 1, let topic = HelpTopic(attachedTo: path[0]) else { return text }
    return text + "\n\n" + topic.text
  }

  /// Whether the words name a command of the language, such as `buy` or `observer add`.
  public static func isCommand(_ words: [String]) -> Bool {
    guard let first = words.first else { return false }
    return CommandSpec.language.subcommand(named: first) != nil
  }

  /// The words of a command line that name a command, such as `observer add` in
  /// `observer add late --finishes`.
  public static func commandPath(of words: [String]) -> [String] {
    CommandSpec.language.command(at: words).path
  }

  /// What `help` prints, on one screen: each group of commands on a line, its commands named in
  /// order of use until the line is full, then the topics.
  static func overview() -> String {
    var lines = [
      "Commands by purpose: `help all` says what each does, `help COMMAND` how to type",
      "one. Prefix a command with `try` to keep going when it fails.",
      "",
    ]
    for group in CommandGroup.all {
      var line = "  \(group.title):"
      for (index, name) in group.commands.enumerated() {
        let more = index < group.commands.count - 1 ? " …".count : 0
        guard line.count + 1 + name.count + more <= width else {
          line += " …"
          break
        }
        line += " " + name
      }
      lines.append(line)
    }
    lines += ["", HelpTopic.listing]
    return lines.joined(separator: "\n")
  }

  /// What `help all` prints: every command under its group's heading, one line each, then the
  /// topics.
  static func commandList() -> String {
    let specs = CommandSpec.language.subcommands
    var lines = [
      "Commands of the workbench, by purpose. `help COMMAND` shows how to type one;",
      "prefix a command with `try` to keep going when it fails.",
    ]
    let column = (specs.map(\.name.count).max() ?? 0) + 4
    for group in CommandGroup.all {
      let rows = group.commands.compactMap { name -> (String, String)? in
        guard let spec = specs.first(where: { $0.name == name }) else { return nil }
        // ArgumentParser's own `help` says "Show subcommand help information."
        return (name, name == "help" ? "This list, a command's usage (help buy), or a topic." : spec.abstract)
      }
      lines += ["", group.title] + table(rows, column: column)
    }
    lines += ["", HelpTopic.listing]
    return lines.joined(separator: "\n")
  }

  /// One command's help: its usage line, what it does, its arguments and options, its subcommands.
  static func commandText(_ spec: CommandSpec, path: [String]) -> String {
    var lines = usageLines("usage: " + CommandUsage.line(for: path, spec: spec), commandWords: path.count)
    if !spec.aliases.isEmpty { lines.append("  (also: \(spec.aliases.joined(separator: ", ")))") }
    for paragraph in [spec.abstract] + spec.discussion.components(separatedBy: "\n\n")
    where !paragraph.isEmpty {
      lines.append("")
      lines += paragraph.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        wrapped(String($0), width: width)
      }
    }
    let arguments = CommandUsage.shown(spec).map { argument in
      (CommandUsage.label(for: argument), description(of: argument))
    }
    if !arguments.isEmpty { lines += [""] + table(arguments) }
    if !spec.subcommands.isEmpty {
      lines += ["", "Subcommands (`help \(path.joined(separator: " ")) SUBCOMMAND` for one):"]
      lines += table(spec.subcommands.map { ($0.name, $0.abstract) })
    }
    return lines.joined(separator: "\n")
  }

  /// A usage line broken before a word or a bracketed option group, never inside one, so that no
  /// line passes ``width``; later lines start under the command's first argument.
  ///
  /// - Parameter commandWords: how many words name the command (2 for `observer add`).
  static func usageLines(_ usage: String, commandWords: Int) -> [String] {
    guard usage.count > width else { return [usage] }
    var words: [String] = []
    var depth = 0
    for character in usage {
      if character == " " && depth == 0 {
        words.append("")
        continue
      }
      if words.isEmpty { words.append("") }
      depth += character == "[" ? 1 : character == "]" ? -1 : 0
      words[words.count - 1].append(character)
    }
    let lead = words.prefix(1 + commandWords).joined(separator: " ")
    let indent = String(repeating: " ", count: lead.count + 1)
    var lines = [lead]
    for word in words.dropFirst(1 + commandWords) where !word.isEmpty {
      if lines[lines.count - 1].count + 1 + word.count > width, lines[lines.count - 1] != indent {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    return lines
  }

  /// An argument's help with its default, when it has one worth saying.
  private static func description(of argument: CommandSpec.Argument) -> String {
    guard argument.kind != .flag, let value = argument.defaultValue, !value.isEmpty,
      !argument.abstract.contains("default")
    else {
      return argument.abstract
    }
    return argument.abstract + " (default: \(value))"
  }

  /// Two columns, the second wrapped to ``width``; a left entry too long for the column puts its
  /// text below it.
  ///
  /// - Parameter column: where the second column starts (by default, after the longest left
  ///   entry, at most 28).
  private static func table(_ rows: [(String, String)], column: Int? = nil) -> [String] {
    let column = column ?? min((rows.map(\.0.count).max() ?? 0) + 4, 28)
    var lines: [String] = []
    for (left, right) in rows {
      let text = wrapped(right, width: width - column)
      let lead = "  " + left
      guard lead.count + 2 <= column else {
        lines.append(lead)
        lines += text.map { String(repeating: " ", count: column) + $0 }
        continue
      }
      for (index, part) in text.enumerated() {
        let start = index == 0 ? lead : ""
        lines.append(start.padding(toLength: column, withPad: " ", startingAt: 0) + part)
      }
      if text.isEmpty { lines.append(lead) }
    }
    return lines
  }

  /// A line broken at spaces into lines of at most `width` characters (a longer word stays whole);
  /// its leading spaces start each line. A row of two columns (`refund TXN   refund now: …`, the
  /// columns apart by two spaces or more) keeps its columns: the second wraps under itself.
  static func wrapped(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    if let (left, text) = columns(of: line), left.count <= width - 30 {
      let pad = String(repeating: " ", count: left.count)
      return wrapped(text, width: width - left.count).enumerated().map {
        ($0.offset == 0 ? left : pad) + $0.element
      }
    }
    let indent = String(line.prefix { $0 == " " })
    var lines: [String] = []
    var current = indent
    for word in line.split(separator: " ") {
      if current.count > indent.count, current.count + 1 + word.count > width {
        lines.append(current)
        current = indent
      }
      current += (current.count > indent.count ? " " : "") + word
    }
    lines.append(current)
    return lines
  }

  /// A row's first column with the spaces after it, and its second column; `nil` for a line that is
  /// not a row (no run of two spaces after its first word).
  private static func columns(of line: String) -> (String, String)? {
    let start = line.firstIndex { $0 != " " } ?? line.endIndex
    guard let gap = line[start...].range(of: "  ") else { return nil }
    guard let text = line[gap.upperBound...].firstIndex(where: { $0 != " " }) else { return nil }
    return (String(line[..<text]), String(line[text...]))
  }
}
