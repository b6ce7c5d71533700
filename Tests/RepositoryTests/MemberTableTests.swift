import Foundation
import Testing

/// docs/storebenchkit.md's member tables say what StoreBenchClient, StoreBenchKit and StoreBenchKitTest declare: every
/// public symbol of the built modules is in a table, every row not marked **not provided** names a
/// symbol that exists, and every row marked so names none (so a member added to the modules must be
/// added to the page, and a member removed taken out of it). The page's complete examples are tests.
@Suite struct MemberTableTests {
  static let page = "docs/storebenchkit.md"

  @Test func theTablesListEveryPublicSymbolAndOnlyThose() throws {
    let symbols = try PublicSymbols.extract(modules: [
      "StoreBenchClient", "StoreBenchKit", "StoreBenchKitTest",
    ])
    #expect(symbols.count > 500, "the modules were read: \(symbols.count) symbols")
    let tables = try MemberTables(page: PackageManifest.root.appendingPathComponent(Self.page))
    let place = "\(Self.page), \(MemberTables.appleHeading)"
    let listed = Set(
      tables.apple.filter(\.isProvided).flatMap(\.paths) + tables.own.filter(\.isProvided).flatMap(\.paths))
    for symbol in symbols.sorted() where !listed.contains(symbol) {
      Issue.record("\(symbol) is public in the modules but in no table of \(Self.page)")
    }
    for row in tables.apple + tables.own where row.isProvided {
      for path in row.paths where !path.isUnderscored && !symbols.contains(path) {
        Issue.record("\(Self.page):\(row.line): \(path) is said to be provided, but no such symbol is public")
      }
    }
    for row in tables.apple + tables.own where !row.isProvided {
      for path in row.paths where symbols.contains(path) {
        Issue.record(
          "\(Self.page):\(row.line): \(path) is marked not provided, but it is public: say what it does")
      }
    }
    let own = Set(tables.own.flatMap(\.paths))
    for symbol in symbols.sorted() where PublicSymbols.isStorebenchsOwn(symbol) && !own.contains(symbol) {
      Issue.record("\(symbol) is storebench's own: it belongs in \(Self.page), \(MemberTables.ownHeading)")
    }
    for row in tables.apple {
      for path in row.paths where PublicSymbols.isStorebenchsOwn(path) || path.isUnderscored {
        Issue.record("\(place):\(row.line): \(path) is storebench's own, not StoreKit's")
      }
    }
    #expect(tables.apple.count > 100 && tables.own.count > 10, "\(place) was read")
  }

  /// The underscored members the StoreKit types need are left out of symbol graphs: their rows are
  /// checked against the sources' public declarations.
  @Test func theUnderscoredRowsNameDeclarationsOfTheSources() throws {
    let tables = try MemberTables(page: PackageManifest.root.appendingPathComponent(Self.page))
    let sources = try ["Sources/StoreBenchClient", "Sources/StoreBenchKit", "Sources/StoreBenchKitTest"]
      .flatMap { folder in
        try PublicSymbols.swiftTexts(under: PackageManifest.root.appendingPathComponent(folder))
      }.joined(separator: "\n")
    var checked = 0
    for row in tables.own {
      for path in row.paths where path.isUnderscored {
        let name = path.split(separator: ".").last.map(String.init) ?? path
        let declared = ["var", "let", "func", "protocol", "struct", "enum", "class"].contains { keyword in
          sources.contains("public \(keyword) \(name)")
        }
        #expect(declared, "\(Self.page):\(row.line): no public declaration of \(name) in the sources")
        checked += 1
      }
    }
    #expect(checked >= 3)
  }

  @Test func everyCompleteSwiftExampleOfThePageIsATest() throws {
    let text = try String(
      contentsOf: PackageManifest.root.appendingPathComponent(Self.page), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var checked = 0
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index] == "```swift" else { continue }
      let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
      let block = Array(lines[(index + 1)..<end])
      let marker = index > 0 ? lines[index - 1] : ""
      let testFile =
        marker.hasPrefix("<!-- test: ") && marker.hasSuffix(" -->")
        ? String(marker.dropFirst("<!-- test: ".count).dropLast(" -->".count)) : nil
      guard let testFile else {
        #expect(
          !block.contains {
            $0.contains("@Test") || $0.hasPrefix("final class") || $0.hasPrefix("@MainActor")
          },
          "\(Self.page):\(index + 1): a complete example needs `<!-- test: FILE -->` naming the test it is")
        continue
      }
      let test = try String(
        contentsOf: PackageManifest.root.appendingPathComponent(testFile), encoding: .utf8)
      let wanted = Self.meaningful(block)
      let have = Self.meaningful(test.components(separatedBy: "\n"))
      let found = have.indices.contains { start in
        start + wanted.count <= have.count && Array(have[start..<(start + wanted.count)]) == wanted
      }
      #expect(found, "\(Self.page):\(index + 1): the example is not in \(testFile) as written")
      checked += 1
    }
    #expect(checked >= 4, "the page's examples were found")
  }

  /// Lines as they compare between a page and a source file: trimmed, blank ones left out.
  static func meaningful(_ lines: [String]) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}

/// The public symbols of built modules, by path (`Transaction.finish()`), as
/// `swift symbolgraph-extract` reads them from the build's `Modules` directory.
enum PublicSymbols {
  /// What every type gets from its protocols, left out of the page's tables.
  static let fromProtocols: Set<String> = [
    "==(_:_:)", "!=(_:_:)", "hash(into:)", "hashValue", "init(rawValue:)", "rawValue", "init(from:)",
    "encode(to:)",
  ]

  /// Whether a symbol is storebench's own rather than StoreKit's.
  static func isStorebenchsOwn(_ path: String) -> Bool {
    let first = path.split(separator: ".").first.map(String.init) ?? path
    return ["TestStore", "TestStoreError", "OfferSigner"].contains(first) || path == "SKTestSession.testStore"
  }

  /// The public symbols of the modules, members from protocols left out.
  ///
  /// - Throws: ``ManifestError`` when the build or the tools cannot be found or fail.
  static func extract(modules: [String]) throws -> Set<String> {
    let modulesDirectory = try buildModules()
    let triple = try targetTriple()
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }
    var sdk: [String] = []
    #if os(macOS)
      sdk = [
        "-sdk", try Tool.run(["xcrun", "--show-sdk-path"]).trimmingCharacters(in: .whitespacesAndNewlines),
      ]
    #endif
    for module in modules {
      _ = try Tool.run(
        [
          "swift", "symbolgraph-extract", "-module-name", module, "-I", modulesDirectory.path, "-target",
          triple,
          "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path,
        ] + sdk)
    }
    var symbols: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: output.path)
    where file.hasSuffix(".symbols.json") {
      let graph = try JSONDecoder().decode(
        SymbolGraph.self, from: Data(contentsOf: output.appendingPathComponent(file)))
      for symbol in graph.symbols where !fromProtocols.contains(symbol.pathComponents.last ?? "") {
        symbols.insert(symbol.pathComponents.joined(separator: "."))
      }
    }
    return symbols
  }

  /// The build's `Modules` directory: the test binary lives in `.build/<triple>/debug/…`.
  static func buildModules() throws -> URL {
    let starts = [URL(fileURLWithPath: CommandLine.arguments.first ?? "."), Bundle.main.bundleURL]
    for start in starts {
      var directory = start.standardizedFileURL
      while directory.path != "/" {
        let modules = directory.appendingPathComponent("Modules")
        if FileManager.default.fileExists(
          atPath: modules.appendingPathComponent("StoreBenchKit.swiftmodule").path)
        {
          return modules
        }
        directory.deleteLastPathComponent()
      }
    }
    throw ManifestError(
      "no Modules/StoreBenchKit.swiftmodule above \(starts.map(\.path)): build the package (swift build --build-tests)"
    )
  }

  /// The host's target triple, as `swift -print-target-info` gives it.
  static func targetTriple() throws -> String {
    struct Info: Decodable {
      struct Target: Decodable { let triple: String }
      let target: Target
    }
    return try JSONDecoder().decode(Info.self, from: Data(Tool.run(["swift", "-print-target-info"]).utf8))
      .target
      .triple
  }

  /// The Swift files' texts under a folder.
  static func swiftTexts(under folder: URL) throws -> [String] {
    guard let paths = FileManager.default.subpaths(atPath: folder.path) else {
      throw ManifestError("cannot list the folder \(folder.path)")
    }
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
      try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
  }

  /// The part of a symbol graph file the check reads.
  private struct SymbolGraph: Decodable {
    struct Symbol: Decodable { let pathComponents: [String] }
    let symbols: [Symbol]
  }
}

/// The member tables of docs/storebenchkit.md: StoreKit's and StoreKitTest's members, and
/// storebench's own. A row's first cell names members in backticks: a full path, or a name starting
/// with `.` that belongs with the last full path before it (a member of it when it is a type, a
/// sibling otherwise). A row whose second cell starts with **not provided** names members Apple has
/// and StoreBenchKit has not.
struct MemberTables {
  static let appleHeading = "## The member table"
  static let ownHeading = "## storebench's own members"

  struct Row {
    let line: Int
    let paths: [String]
    let isProvided: Bool
  }

  var apple: [Row] = []
  var own: [Row] = []

  init(page: URL) throws {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var section = ""
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("## ") { section = line }
      guard section == Self.appleHeading || section == Self.ownHeading, line.hasPrefix("| `") else {
        continue
      }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 4 else {
        throw ManifestError("\(page.lastPathComponent):\(index + 1): not a table row")
      }
      let row = Row(
        line: index + 1, paths: Self.paths(cells[1]), isProvided: !cells[2].hasPrefix("**not provided**"))
      if section == Self.appleHeading { apple.append(row) } else { own.append(row) }
    }
  }

  /// The members a first cell names.
  static func paths(_ cell: String) -> [String] {
    let spans = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
      $0.offset % 2 == 1
    }
    var paths: [String] = []
    var last = ""
    for (_, span) in spans {
      guard span.hasPrefix(".") else {
        last = String(span)
        paths.append(last)
        continue
      }
      var components = last.split(separator: ".").map(String.init)
      let isType = components.last.map { $0.drop { $0 == "_" }.first?.isUppercase == true } ?? false
      if !isType { components.removeLast() }
      paths.append((components + [String(span.dropFirst())]).joined(separator: "."))
    }
    return paths
  }
}

extension String {
  /// Whether a component of the path starts with `_` (an implementation detail, left out of symbol
  /// graphs).
  fileprivate var isUnderscored: Bool { split(separator: ".").contains { $0.hasPrefix("_") } }
}
