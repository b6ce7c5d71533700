import Foundation
import Testing

/// docs/errors.md's table lists the error codes the sources declare (`ErrorCode("…")`), every one
/// and only those, so that a code added to a module must be documented, and a code removed taken
/// out of the page.
@Suite struct ErrorCodeTableTests {
  static let page = "docs/errors.md"

  @Test func theTableListsEveryDeclaredCodeAndOnlyThose() throws {
    let declared = try Self.declaredCodes()
    let listed = try Self.listedCodes()
    #expect(declared.count >= 20, "the sources were read: \(declared.keys.sorted())")
    for code in declared.keys.sorted() where listed[code] == nil {
      Issue.record("\(declared[code]!) declares the error code \(code), which \(Self.page)'s table lacks")
    }
    for code in listed.keys.sorted() where declared[code] == nil {
      Issue.record("\(Self.page):\(listed[code]!): \(code) is declared nowhere in Sources")
    }
  }

  @Test func everyCodeIsDeclaredOnceInSnakeCase() throws {
    var seen: [String: String] = [:]
    for (file, code) in try Self.declarations() {
      #expect(code.wholeMatch(of: /[a-z]+(_[a-z]+)*/) != nil, "\(file): \(code) is not snake_case")
      if let first = seen[code] { Issue.record("\(code) is declared in \(first) and again in \(file)") }
      seen[code] = file
    }
  }

  /// The codes the sources declare, with the file that declares each.
  static func declaredCodes() throws -> [String: String] {
    Dictionary(try declarations().map { ($0.code, $0.file) }, uniquingKeysWith: { first, _ in first })
  }

  /// Every `ErrorCode("…")` of the sources, in file order.
  static func declarations() throws -> [(file: String, code: String)] {
    let sources = PackageManifest.root.appendingPathComponent("Sources")
    guard let paths = FileManager.default.subpaths(atPath: sources.path) else {
      throw ManifestError("cannot list \(sources.path)")
    }
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().flatMap { path in
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      return text.matches(of: /ErrorCode\("([^"]*)"\)/).map { ("Sources/\(path)", String($0.output.1)) }
    }
  }

  /// The codes the page's table lists, with the line of each.
  static func listedCodes() throws -> [String: Int] {
    let text = try String(
      contentsOf: PackageManifest.root.appendingPathComponent(page), encoding: .utf8)
    var codes: [String: Int] = [:]
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      guard let match = line.prefixMatch(of: /\| `([^`]+)` \|/) else { continue }
      let code = String(match.output.1)
      #expect(codes[code] == nil, "\(page):\(index + 1): \(code) is listed twice")
      codes[code] = index + 1
    }
    return codes
  }
}
