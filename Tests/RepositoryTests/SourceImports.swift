import Foundation

/// The modules a folder's Swift files import, read from their `import` lines: plain imports,
/// attributed ones (`@testable import`, `@preconcurrency import`), access-levelled ones
/// (`public import`) and imports of one declaration (`import struct Module.Type`).
enum SourceImports {
  /// The access levels an import may carry.
  private static let accessLevels: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private",
  ]
  /// The kinds of declaration an import may name.
  private static let declarationKinds: Set<Substring> = [
    "struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor",
  ]

  /// The modules imported by the Swift files under `folder`, skipping the paths in `excluded`
  /// (relative to `folder`), each with the files that import it, relative to `folder`.
  ///
  /// - Throws: The file system's error when a file cannot be read.
  static func modules(under folder: URL, excluding excluded: [String] = []) throws -> [String: [String]] {
    var modules: [String: [String]] = [:]
    for file in try swiftFiles(under: folder, excluding: excluded) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for module in Set(text.split(whereSeparator: \.isNewline).compactMap(module(importedBy:))) {
        modules[module, default: []].append(file)
      }
    }
    return modules
  }

  /// The module an `import` line imports, or `nil` for any other line.
  static func module(importedBy line: Substring) -> String? {
    var words = line.split(whereSeparator: \.isWhitespace)[...]
    while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) {
      words = words.dropFirst()
    }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    if let kind = words.first, declarationKinds.contains(kind) { words = words.dropFirst() }
    guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
    return String(module)
  }

  /// The paths, relative to `folder`, of its Swift files, sorted, outside the excluded paths.
  private static func swiftFiles(under folder: URL, excluding excluded: [String]) throws -> [String] {
    guard let paths = FileManager.default.subpaths(atPath: folder.path) else {
      throw ManifestError("cannot list the folder \(folder.path)")
    }
    return paths.filter { path in
      path.hasSuffix(".swift") && !excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }.sorted()
  }
}
