import Foundation
import Testing

@testable import Workbench

/// The README and every page in docs/ say what the tool does: the transcripts they show are what
/// the tool prints, the commands they name exist with the options they give them, the numbers they
/// state are counted, the command reference is the one the specifications make, the architecture
/// page draws the package as its manifest declares it, and every page is reachable from the README.
@Suite struct DocsTests {
  let pages: [DocPage]

  init() throws {
    pages = try DocPage.all()
  }

  /// Every block of every page, with its page.
  var blocks: [(page: DocPage, block: DocPage.Block)] {
    pages.flatMap { page in page.blocks.map { (page, $0) } }
  }

  /// The page at a path, such as `docs/scripts.md`.
  func page(_ path: String) throws -> DocPage {
    try #require(pages.first { $0.path == path }, "\(path) is missing")
  }

  @Test func markedBlocksAreWhatTheToolPrints() throws {
    var checked = 0
    for (page, block) in blocks {
      let arguments: [String]
      switch block.check {
      case .output(let words), .excerpt(let words): arguments = words
      case .shellSession, .file, nil: continue
      }
      let result = try Binary.run(arguments)
      let output = Self.lines(result.output + result.error)
      let place = "\(page.path):\(block.line) (storebench \(arguments.joined(separator: " ")))"
      if case .output = block.check {
        #expect(block.lines == output, "\(place) differs:\n\(output.joined(separator: "\n"))")
      } else if let missing = DocPage.firstMissingLine(of: block.lines, in: output) {
        Issue.record("\(place): not printed in this place: \(missing)\n\(output.joined(separator: "\n"))")
      }
      checked += 1
    }
    #expect(checked >= 8, "the docs' transcripts lost their markers")
  }

  @Test func shellSessionsPrintWhatTheySay() throws {
    let sessions = blocks.filter { $0.block.check == .shellSession }
    #expect(sessions.count >= 2, "the docs' shell sessions lost their markers")
    for (page, block) in sessions {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      for file in page.blocks {
        guard case .file(let name) = file.check else { continue }
        try Data((file.lines.joined(separator: "\n") + "\n").utf8).write(
          to: directory.appendingPathComponent(name))
      }
      for (command, expected) in ShellSession(lines: block.lines).steps {
        let result = try Binary.run(
          executable: "/bin/sh", ["-c", command], directory: directory,
          environment: [
            "PATH": Binary.repository.appendingPathComponent(".build/debug").path + ":/usr/bin:/bin"
          ])
        let printed = Self.lines(result.output + result.error)
        #expect(
          printed == expected,
          "\(page.path):\(block.line): `\(command)` printed:\n\(printed.joined(separator: "\n"))")
      }
    }
  }

  @Test func everyPythonExampleIsPython() throws {
    let examples = blocks.filter { $0.block.language == "python" }
    #expect(examples.count >= 4, "the docs' Python examples are gone")
    for (page, block) in examples {
      let result = try Binary.run(
        executable: "/usr/bin/env", ["python3", "-c", "import ast, sys; ast.parse(sys.stdin.read())"],
        input: block.lines.joined(separator: "\n"))
      #expect(result.status == 0, "\(page.path):\(block.line): not Python: \(result.error)")
    }
  }

  @Test func theCatalogExamplesLoad() throws {
    let examples = try page("docs/catalog.md").blocks.filter { $0.language == "json" }
    #expect(!examples.isEmpty, "docs/catalog.md shows no catalog")
    for block in examples {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID()).json")
      try Data(block.lines.joined(separator: "\n").utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try Binary.run(["run", "--catalog", file.path, "-"], input: "products\n")
      #expect(result.status == 0, "docs/catalog.md:\(block.line): \(result.output)\(result.error)")
    }
  }

  @Test func everyStorebenchCommandLineUsesSubcommandsAndOptionsThatExist() throws {
    let subcommands = try Self.subcommands(of: [])
    var lines = 0
    for (page, block) in blocks
    where ["sh", "yaml"].contains(block.language) || block.check == .shellSession {
      for line in block.lines {
        // The words after `storebench` (or a path to it, `.build/release/storebench`), up to a
        // comment or the next shell command.
        var words = line.split(separator: " ").map(String.init)
        guard let start = words.firstIndex(where: { $0 == "storebench" || $0.hasSuffix("/storebench") })
        else { continue }
        words = Array(
          words[(start + 1)...].prefix {
            !["#", "|", "&&", ">", "2>", ")", "&"].contains($0) && !$0.hasPrefix("$(")
          }
        )
        // `storebench --state FILE COMMAND…` is the `state` subcommand; the command is the language's.
        if words.first == "--state" { words = ["state"] + words.prefix(2) }
        let command = words.first.flatMap { subcommands.contains($0) ? $0 : nil }
        let options = try Self.options(of: command.map { [$0] } ?? [])
        for word in words where word.hasPrefix("-") && word.count > 1 {
          let name = String(word.prefix { $0 != "=" })
          #expect(
            options.contains(name),
            "\(page.path):\(block.line): `\(line)`: storebench \(command ?? "") has no option \(name)")
        }
        lines += 1
      }
    }
    #expect(lines >= 15)
  }

  @Test func theCommandTablesListEveryCommandOfTheLanguage() throws {
    // The first cell of each row of a table whose header is `| command | …`, on any page.
    var named: [String] = []
    for page in pages {
      var inTable = false
      for line in page.text.components(separatedBy: "\n") {
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
    }
    let language = Set(CommandSpec.language.subcommands.flatMap(\.allNames) + ["try", "on"])
    let listed = Set(named)
    #expect(language.subtracting(listed).sorted() == [], "commands missing from the docs' tables")
    #expect(
      listed.subtracting(language).sorted() == [], "the docs' tables name commands that do not exist")
  }

  @Test func theScriptCountsAreCounted() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Binary.repository.appendingPathComponent("scripts"), includingPropertiesForKeys: nil)
    let scripts = files.filter { $0.pathExtension == "storebench" }.count
    let golden = files.filter { $0.pathExtension == "expected" }.count
    #expect(
      try page("docs/scripts.md").text.contains("(\(scripts) scripts, \(golden) under golden transcripts)"))
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
    let section = try page("docs/architecture.md").section("## Fuzzing")
    let listed = section.compactMap { row -> String? in
      guard row.hasPrefix("| `") else { return nil }
      return row.dropFirst(3).prefix { $0 != "`" }.description
    }
    #expect(listed.sorted() == names.sorted())
    let words = [
      "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
      "Twelve",
    ]
    #expect(section.contains { $0.hasPrefix("\(words[names.count]) [libFuzzer]") })
  }

  @Test func everyPageInDocsIsLinkedFromTheReadme() throws {
    let readme = try page("README.md")
    let linked = Set(readme.relativeLinks.map { $0.target.prefix { $0 != "#" } })
    for page in pages where page.path != readme.path {
      #expect(linked.contains(Substring(page.path)), "README.md does not link to \(page.path)")
    }
  }

  @Test func everyRelativeLinkResolves() throws {
    var checked = 0
    for page in pages {
      let folder = URL(fileURLWithPath: page.path).deletingLastPathComponent().relativePath
      for (line, target) in page.relativeLinks {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0])
        let place = "\(page.path):\(line): [](\(target))"
        // The path from the repository's directory, `..` resolved.
        var components: [String] = []
        for part in ((folder == "." ? [] : [folder]) + [file]).joined(separator: "/").split(separator: "/") {
          switch part {
          case "..": if components.popLast() == nil { Issue.record("\(place) leaves the repository") }
          case ".": continue
          default: components.append(String(part))
          }
        }
        let path = file.isEmpty ? page.path : components.joined(separator: "/")
        #expect(
          FileManager.default.fileExists(atPath: Binary.repository.appendingPathComponent(path).path),
          "\(place): no file \(path)")
        if parts.count == 2, path.hasSuffix(".md") {
          let anchors = try DocPage.load(path).anchors
          #expect(anchors.contains(String(parts[1])), "\(place): \(path) has no heading #\(parts[1])")
        }
        checked += 1
      }
    }
    #expect(checked >= 20)
  }

  @Test func theCommandReferenceIsWhatTheSpecificationsMake() throws {
    let committed = try page("docs/commands.md").text.components(separatedBy: "\n")
    let made = (try CommandReference.markdown() + "\n").components(separatedBy: "\n")
    guard committed != made else { return }
    let line =
      committed.indices.first { !made.indices.contains($0) || committed[$0] != made[$0] } ?? committed.count
    Issue.record(
      """
      docs/commands.md:\(line + 1) differs from what the command specifications make \
      (\(made.indices.contains(line) ? made[line] : "the end")): run `make docs` and commit it
      """)
  }

  @Test func theArchitecturePageDrawsThePackageAsItsManifestDeclaresIt() throws {
    let drawn = try ArchitectureEdges(page: try page("docs/architecture.md"))
    let declared = try ArchitectureEdges.declared()
    let place = "docs/architecture.md, \(ArchitectureEdges.heading)"
    #expect(
      drawn.targets == declared.targets,
      "\(place) draws the targets \(drawn.targets.sorted()); Package.swift declares \(declared.targets.sorted())"
    )
    for target in declared.targets.union(drawn.targets).sorted() {
      let shown = drawn.edges[target] ?? []
      let imported = declared.edges[target] ?? []
      #expect(
        shown == imported,
        "\(place): \(target) → \(shown.sorted().joined(separator: ", ")), but Package.swift says \(target) → \(imported.sorted().joined(separator: ", "))"
      )
    }
  }

  /// The Rooms table of docs/architecture.md has a row for every folder of the targets it maps,
  /// and names no folder that does not exist: a new folder fails until the page says what it holds.
  @Test(arguments: ["Simulation", "Workbench", "Verifier"])
  func theRoomsTableHasARowForEveryFolder(target: String) throws {
    let rooms = RoomsTable(section: try page("docs/architecture.md").section("## Rooms"))
    let source = Binary.repository.appendingPathComponent("Sources/\(target)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { name in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: source.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
    }
    let named = rooms.folders(of: target)
    for folder in folders.sorted() where !named.contains(folder) {
      Issue.record("docs/architecture.md, ## Rooms: no row for `\(target)/\(folder)/`")
    }
    for folder in named.sorted() where !folders.contains(folder) {
      Issue.record("docs/architecture.md, ## Rooms: a row for `\(target)/\(folder)/`, which does not exist")
    }
  }

  @Test func theRoomsTableReadsEveryFolderOfARow() {
    let rooms = RoomsTable(section: [
      "| folder | holds |", "| --- | --- |", "| `Workbench/Export/`, `Import/` | Both. |",
      "| `Simulation/World/` | The world; see `Store/Thing/` in the text. |",
    ])
    #expect(rooms.folders(of: "Workbench") == ["Export", "Import"])
    #expect(rooms.folders(of: "Simulation") == ["World"])
    #expect(rooms.folders(of: "Verifier") == [])
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

/// A shell session in the docs: `$ ` lines and what each prints.
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
