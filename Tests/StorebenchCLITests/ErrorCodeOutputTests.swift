import Foundation
import Testing

/// The failures users meet most reach `--format json` with their own codes, each listed in
/// docs/errors.md, rather than the catch-all `command_failed`.
@Suite struct ErrorCodeOutputTests {
  /// The codes docs/errors.md's table lists.
  static func documentedCodes() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/errors.md"), encoding: .utf8)
    return Set(
      text.components(separatedBy: "\n").compactMap { line in
        line.prefixMatch(of: /\| `([^`]+)` \|/).map { String($0.output.1) }
      })
  }

  /// The `error` objects of a run's JSON lines, as code and message, in order.
  static func errors(in output: String) throws -> [(code: String, message: String)] {
    try output.split(separator: "\n").compactMap { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard let error = object?["error"] as? [String: Any] else { return nil }
      return (error["code"] as? String ?? "", error["message"] as? String ?? "")
    }
  }

  @Test func anUnknownProductAnUnknownTransactionAndARefusedRefundHaveTheirOwnCodes() throws {
    let script = """
      buy nosuch.product
      refund #99
      buy coins.100
      refund last
      refund last
      """
    let run = try Binary.run(["run", "--keep-going", "--format", "json", "-"], input: script + "\n")
    #expect(run.status == 1, "\(run.error)")
    let errors = try Self.errors(in: run.output)
    #expect(
      errors.map(\.code) == ["unknown_product", "unknown_transaction", "refund_refused"], "\(run.output)")
    #expect(errors.first?.message.hasPrefix("no product \"nosuch.product\" in the catalog") == true)
    #expect(errors.dropFirst().first?.message.hasPrefix("no transaction #99") == true)
    #expect(errors.last?.message.hasSuffix("was refunded already") == true)
    let documented = try Self.documentedCodes()
    for (code, _) in errors { #expect(documented.contains(code), "\(code) is not in docs/errors.md") }
    #expect(!documented.contains("not-found") && documented.contains("command_failed"))
  }

  @Test func aMissingFileIsAFileFailureAndAnUnclassifiedOneStaysCommandFailed() throws {
    for (input, code) in [
      ("verify --file /nonexistent/r.b64\n", "file_access"), ("echo \"unterminated\n", "command_failed"),
    ] {
      let run = try Binary.run(["--format", "json"], input: input)
      #expect(run.status == 1)
      let errors = try Self.errors(in: run.output)
      #expect(errors.map(\.code) == [code], "\(input): \(run.output)")
      #expect(try Self.documentedCodes().contains(code))
    }
  }
}
