import Foundation
import Testing

@testable import Workbench

/// README.md says what the tool does: the transcripts it shows are what the tool prints, the
/// commands it names exist with the options it gives them, and the numbers it states are counted.
@Suite struct ReadmeTests {
  let readme: Readme

  init() throws {
    readme = try Readme.load()
  }

  @Test func markedBlocksAreWhatTheToolPrints() throws {
    var checked = 0
    for block in readme.blocks {
      let arguments: [String]
      switch block.check {
      case .output(let words), .excerpt(let words): arguments = words
      case .shellSession, nil: continue
      }
      let result = try Binary.run(arguments)
      let output = Self.lines(result.output + result.error)
      let place = "README.md:\(block.line) (storebench \(arguments.joined(separator: " ")))"
      if case .output = block.check {
        #expect(block.lines == output, "\(place) differs:\n\(output.joined(separator: "\n"))")
      } else if let missing = Readme.firstMissingLine(of: block.lines, in: output) {
        Issue.record("\(place): not printed in this place: \(missing)\n\(output.joined(separator: "\n"))")
      }
      checked += 1
    }
    #expect(checked >= 6, "the README's transcripts lost their markers")
  }

  @Test func shellSessionsPrintWhatTheySay() throws {
    let sessions = readme.blocks.filter { $0.check == .shellSession }
    #expect(!sessions.isEmpty, "the README's shell sessions lost their markers")
    for block in sessions {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      for (command, expected) in ShellSession(lines: block.lines).steps {
        let result = try Binary.run(
          executable: "/bin/sh", ["-c", command], directory: directory,
          environment: [
            "PATH": Binary.repository.appendingPathComponent(".build/debug").path + ":/usr/bin:/bin"
          ])
        let printed = Self.lines(result.output + result.error)
        #expect(
          printed == expected,
          "README.md:\(block.line): `\(command)` printed:\n\(printed.joined(separator: "\n"))")
      }
    }
  }

  @Test func everyStorebenchCommandLineUsesSubcommandsAndOptionsThatExist() throws {
    let subcommands = try Self.subcommands(of: [])
    var lines = 0
    for block in readme.blocks
    where ["sh", "yaml"].contains(block.language) || block.check == .shellSession {
      for line in block.lines {
        // The words after `storebench` (or a path to it, `.build/release/storebench`), up to a
        // comment or the next shell command.
        var words = line.split(separator: " ").map(String.init)
        guard let start = words.firstIndex(where: { $0 == "storebench" || $0.hasSuffix("/storebench") })
        else { continue }
        words = Array(words[(start + 1)...].prefix { $0 != "#" && $0 != "|" && $0 != "&&" && $0 != ">" })
        // `storebench --state FILE COMMAND…` is the `state` subcommand; the command is the language's.
        if words.first == "--state" { words = ["state"] + words.prefix(2) }
        let command = words.first.flatMap { subcommands.contains($0) ? $0 : nil }
        let options = try Self.options(of: command.map { [$0] } ?? [])
        for word in words where word.hasPrefix("-") && word.count > 1 {
          let name = String(word.prefix { $0 != "=" })
          #expect(
            options.contains(name),
            "README.md:\(block.line): `\(line)`: storebench \(command ?? "") has no option \(name)")
        }
        lines += 1
      }
    }
    #expect(lines >= 15)
  }

  @Test func theCommandTablesListEveryCommandOfTheLanguage() throws {
    // The first cell of each row of a table whose header is `| command | …`.
    var named: [String] = []
    var inTable = false
    for line in readme.text.components(separatedBy: "\n") {
      if line.hasPrefix("| command |") {
        inTable = true
      } else if !line.hasPrefix("|") {
        inTable = false
      } else if inTable, line.hasPrefix("| `") {
        // Each `…` span of the first cell is a command as typed; its first word names the command.
        let cell = line.dropFirst(2).prefix { $0 != "|" }
        for (index, span) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 {
          if let word = span.split(separator: " ").first { named.append(String(word)) }
        }
      }
    }
    let language = Set(CommandSpec.language.subcommands.flatMap(\.allNames) + ["try"])
    let listed = Set(named)
    #expect(language.subtracting(listed).sorted() == [], "commands missing from the README's tables")
    #expect(
      listed.subtracting(language).sorted() == [], "the README's tables name commands that do not exist")
  }

  @Test func theScriptCountsAreCounted() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Binary.repository.appendingPathComponent("scripts"), includingPropertiesForKeys: nil)
    let scripts = files.filter { $0.pathExtension == "storebench" }.count
    let golden = files.filter { $0.pathExtension == "expected" }.count
    #expect(readme.text.contains("(\(scripts) scripts, \(golden) under golden transcripts)"))
  }

  @Test func theFuzzingTableListsTheMakefilesTargets() throws {
    let makefile = try String(
      contentsOf: Binary.repository.appendingPathComponent("Makefile"), encoding: .utf8)
    // `FUZZ_TARGETS := A B \` and its continuation lines.
    let declaration = makefile.components(separatedBy: "FUZZ_TARGETS :=").dropFirst().first ?? ""
    var names: [String] = []
    for line in declaration.components(separatedBy: "\n") {
      names += line.split(separator: " ").map(String.init).filter { $0 != "\\" }
      if !line.hasSuffix("\\") { break }
    }
    let listed = readme.section("## Fuzzing").compactMap { row -> String? in
      guard row.hasPrefix("| `") else { return nil }
      return row.dropFirst(3).prefix { $0 != "`" }.description
    }
    #expect(listed.sorted() == names.sorted())
    let words = [
      "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
      "Twelve",
    ]
    #expect(readme.section("## Fuzzing").contains { $0.hasPrefix("\(words[names.count]) [libFuzzer]") })
  }

  /// The lines of a program's output, without the last line end.
  static func lines(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    return (text.hasSuffix("\n") ? String(text.dropLast()) : text).components(separatedBy: "\n")
  }

  /// The subcommands `storebench SUBCOMMAND --help` lists.
  static func subcommands(of command: [String]) throws -> Set<String> {
    let help = try Binary.run(command + ["--help"]).output
    let listing = help.components(separatedBy: "SUBCOMMANDS:").dropFirst().first ?? ""
    return Set(
      listing.components(separatedBy: "\n").compactMap { line in
        guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
        return line.split(separator: " ").first.map { String($0.split(separator: ",")[0]) }
      })
  }

  /// The options and flags `storebench COMMAND --help` shows.
  static func options(of command: [String]) throws -> Set<String> {
    let help = try Binary.run(command + ["--help"]).output
    var names: Set<String> = []
    for word in help.split(whereSeparator: { " ,\n[]()".contains($0) }) where word.hasPrefix("-") {
      names.insert(String(word.prefix { $0 != "=" && $0 != "<" }))
    }
    return names
  }
}

/// A shell session in the README: `$ ` lines and what each prints.
struct ShellSession {
  /// Each command with the lines it prints.
  var steps: [(command: String, output: [String])] = []

  init(lines: [String]) {
    for line in lines {
      if line.hasPrefix("$ ") {
        steps.append((String(line.dropFirst(2)), []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].output.append(line)
      }
    }
  }
}
