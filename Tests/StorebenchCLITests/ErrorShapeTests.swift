import Foundation
import Testing

/// Every error that points into a file reads `FILE:LINE[:COLUMN]: error: …`, as compilers print
/// theirs: a script's line that fails, a byte of a script that is not UTF-8 (read whole or line by
/// line), broken JSON in a catalog or a saved world.
@Suite struct ErrorShapeTests {
  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("error-shape-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func errorsThatPointIntoAFileShareOneShape() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Array("clock\nbuy ".utf8) + [0xFF] + Array(" x\n".utf8)).write(
      to: folder.appendingPathComponent("bad.storebench"))
    try Data("buy nothing\n".utf8).write(to: folder.appendingPathComponent("fails.storebench"))
    try Data(#"{"bundleId": "x",, }"#.utf8).write(to: folder.appendingPathComponent("catalog.json"))
    try Data(#"{"format": "storebench-world", garbage"#.utf8).write(
      to: folder.appendingPathComponent("world.json"))
    try Data("clock\n".utf8).write(to: folder.appendingPathComponent("ok.storebench"))
    let cases: [([String], String?, String)] = [
      (["run", "bad.storebench"], nil, "bad.storebench:2:5: error: invalid UTF-8"),
      (["run", "fails.storebench"], nil, "fails.storebench:1: error: no product \"nothing\""),
      (["run", "-"], "clock\nbuy \u{FFFD}", "-:2: error:"),
      (
        ["run", "--catalog", "catalog.json", "ok.storebench"], nil,
        "catalog.json:1:18: error: expected a quoted key"
      ),
      (["--state", "world.json", "clock"], nil, "world.json:1:32: error: not JSON:"),
    ]
    for (arguments, input, expected) in cases {
      let result = try Binary.run(arguments, input: input, directory: folder)
      let lines = (result.output + result.error).split(separator: "\n").map(String.init)
      #expect(lines.contains { $0.hasPrefix(expected) }, "\(arguments): \(lines)")
      #expect(
        !lines.contains {
          $0.hasPrefix("error: ") && $0.contains(".json:")
            || $0.contains(".storebench:") && $0.hasPrefix("error: ")
        }, "\(arguments): \(lines)")
    }
  }

  @Test func aLineOfStandardInputThatIsNotUTF8NamesItsColumn() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("input")
    try Data(Array("clock\nbuy ".utf8) + [0xFF] + Array("\n".utf8)).write(to: input)
    let result = try Binary.run(
      executable: "/bin/sh", ["-c", "\(Binary.path) run - < input"], directory: folder)
    #expect((result.output + result.error).contains("-:2:5: error: invalid UTF-8"), "\(result.error)")
  }
}
