import Foundation
import Testing

@testable import Workbench

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()

/// `scripts/offers-signed-here`: offers signed at real time with random nonces and ECDSA's random
/// signatures, and a bearer token, under a golden transcript whose masks hold it steady.
@Suite struct MaskedGoldenTests {
  static let name = "offers-signed-here"

  private func suite() throws -> SuiteRunner {
    SuiteRunner(runner: ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: "default"))
  }

  @Test func aGoldenWithSignaturesAndTokensHoldsOverTwoRuns() throws {
    let script = repository.appendingPathComponent("scripts/\(Self.name).storebench").path
    let suite = try suite()
    let first = suite.verdict(for: script)
    let second = suite.verdict(for: script)
    #expect(first.passed, "\(first.reason ?? "")\n\((first.diff ?? []).joined(separator: "\n"))")
    #expect(second.passed, "\(second.reason ?? "")\n\((second.diff ?? []).joined(separator: "\n"))")
    #expect(first.transcript != second.transcript, "what the masks hide differs from run to run")
    let golden = try String(contentsOfFile: SuiteRunner.goldenPath(for: script), encoding: .utf8)
    for mask in ["{{base64}}", "{{uuid}}", "{{digits}}", "{{jws}}"] {
      #expect(golden.contains(mask), "the golden masks \(mask)")
    }
    // Each offer the script signed was accepted.
    #expect(first.transcript.contains("offerRedeemed"))
    let purchases = first.transcript.split(separator: "\n").filter { $0.contains(" app purchaseResult: #") }
    #expect(purchases.count == 4 && purchases.allSatisfy { $0.contains(": success verified ") })
  }

  /// A copy of the script and its golden transcript in a new directory, the golden changed.
  private func copy(changing change: (String) -> String) throws -> (directory: URL, script: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("masked-\(UUID())")
    let scripts = directory.appendingPathComponent("scripts")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("catalog"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("catalog/offers.json"),
      to: directory.appendingPathComponent("catalog/offers.json"))
    let script = scripts.appendingPathComponent("\(Self.name).storebench")
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("scripts/\(Self.name).storebench"), to: script)
    let golden = try String(
      contentsOf: repository.appendingPathComponent("scripts/\(Self.name).expected"), encoding: .utf8)
    let changed = change(golden)
    #expect(changed != golden)
    try changed.write(
      to: scripts.appendingPathComponent("\(Self.name).expected"), atomically: true, encoding: .utf8)
    return (directory, script.path)
  }

  @Test(arguments: [
    // Beside a mask on the same line: the key id the signature names.
    ("--key-id SIGNHERE01 --nonce {{uuid}}", "--key-id SIGNHERE09 --nonce {{uuid}}"),
    // A mask of the wrong kind: a signature is no JWS.
    ("--signature {{base64}}", "--signature {{jws}}"),
    // A line without masks next to masked ones.
    ("> api-key token --key-id SIGNHERE02", "> api-key token --key-id SIGNHERE03"),
  ])
  func aMaskDoesNotHideADifferenceBesideIt(golden: String, changed: String) throws {
    let (directory, script) = try copy { $0.replacingOccurrences(of: golden, with: changed) }
    defer { try? FileManager.default.removeItem(at: directory) }
    let verdict = try suite().verdict(for: script)
    #expect(!verdict.passed)
    let diff = verdict.diff ?? []
    #expect(diff.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.allSatisfy { $0.contains(changed) })
    #expect(diff.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count == 1, "\(diff)")
  }

  @Test func updatingKeepsTheMasks() throws {
    let (directory, script) = try copy {
      $0.replacingOccurrences(of: "offerRedeemed", with: "offerRedeemed?")
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    let suite = try suite()
    let verdict = suite.verdict(for: script)
    #expect(!verdict.passed)
    #expect(suite.recordGolden(of: verdict).passed)
    let updated = try String(contentsOfFile: SuiteRunner.goldenPath(for: script), encoding: .utf8)
    let original = try String(
      contentsOf: repository.appendingPathComponent("scripts/\(Self.name).expected"), encoding: .utf8)
    #expect(updated == original, "the update wrote the transcript back, masks and all")
    #expect(suite.verdict(for: script).passed)
  }
}
