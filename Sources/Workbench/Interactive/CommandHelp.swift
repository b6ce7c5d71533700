import Foundation

/// The help of the command language, the same text `help` prints at the prompt: the commands
/// grouped by purpose, one command's usage and options as typed at the prompt, or a topic.
/// `storebench help-commands`, `storebench help COMMAND` and `storebench COMMAND --help` print it too.
public enum CommandHelp {
  /// The width help text is wrapped to.
  static let width = 80

  /// The help for a command or topic given by its words (none for the list of commands).
  ///
  /// - Throws: ``WorkbenchError`` when the words name no command and no topic.
  public static func text(for words: [String]) throws(WorkbenchError) -> String {
    guard !words.isEmpty else { return commandList() }
    var spec = CommandSpec.language
    var path: [String] = []
    for word in words {
      guard let subcommand = spec.subcommand(named: word) else {
        if path.isEmpty, words.count == 1, let topic = HelpTopic(word: word) { return topic.text }
        let asked = (path + [word]).joined(separator: " ")
        throw WorkbenchError("no command or topic \"\(asked)\" (`help` lists them)")
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

  /// Every command under its group's heading, one line each, then the topics.
  static func commandList() -> String {
    let specs = CommandSpec.language.subcommands
    let column = (specs.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "Commands of the workbench, by purpose. `help COMMAND` shows how to type one;",
      "prefix a command with `try` to keep going when it fails.",
    ]
    for group in CommandGroup.all {
      lines += ["", group.title]
      for name in group.commands {
        guard let spec = specs.first(where: { $0.name == name }) else { continue }
        // ArgumentParser's own `help` says "Show subcommand help information."
        let abstract = name == "help" ? "This list, a command's usage (help buy), or a topic." : spec.abstract
        lines.append("  " + name.padding(toLength: column, withPad: " ", startingAt: 0) + abstract)
      }
    }
    lines += ["", HelpTopic.listing]
    return lines.joined(separator: "\n")
  }

  /// One command's help: its usage line, what it does, its arguments and options, its subcommands.
  static func commandText(_ spec: CommandSpec, path: [String]) -> String {
    var lines = ["usage: " + CommandUsage.line(for: path, spec: spec)]
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

  /// An argument's help with its default, when it has one worth saying.
  private static func description(of argument: CommandSpec.Argument) -> String {
    guard argument.kind != .flag, let value = argument.defaultValue, !value.isEmpty,
      !argument.abstract.contains("default")
    else {
      return argument.abstract
    }
    return argument.abstract + " (default: \(value))"
  }

  /// Two columns, the second wrapped; a left entry too long for the column puts its text below it.
  private static func table(_ rows: [(String, String)]) -> [String] {
    let column = min((rows.map(\.0.count).max() ?? 0) + 4, 28)
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
  /// its leading spaces start each line.
  static func wrapped(_ line: String, width: Int) -> [String] {
    let indent = String(line.prefix { $0 == " " })
    guard line.count > width else { return [line] }
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
}
