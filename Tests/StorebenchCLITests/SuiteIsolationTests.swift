import Foundation
import Testing

extension CLITests {
  /// Scripts of a suite that run at the same time share nothing on disk but the configured
  /// certificate authority, which they only read: a script's `ca rotate` is its own.
  @Suite struct SuiteIsolationTests {
    /// Verifies a receipt, rotates, sees the old receipt rejected and a new one accepted.
    static let rotating = """
      buy coins.100
      verify
      expect verify 0
      ca rotate
      verify
      expect verify 21003
      receipt refresh
      verify
      expect verify 0

      """

    /// Verifies receipts and signed transactions signed in earlier commands, which a rotation by
    /// another script in between would make fail.
    static func verifying(_ name: String) -> String {
      String(
        repeating: """
          buy coins.100
          verify
          expect verify 0
          jws last --export \(name).jws
          verify --jws \(name).jws
          expect verify 0
          verify
          expect verify 0

          """, count: 3)
    }

    @Test func rotatingScriptsRunInParallelWithVerifyingOnesAlwaysPass() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID())")
      defer { try? FileManager.default.removeItem(at: directory) }
      let (scripts, temporary) = (
        directory.appendingPathComponent("scripts"), directory.appendingPathComponent("tmp")
      )
      for folder in [scripts, temporary] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      for index in 1...3 {
        try Self.rotating.write(
          to: scripts.appendingPathComponent("rotate-\(index).storebench"), atomically: true, encoding: .utf8)
      }
      for index in 1...5 {
        try Self.verifying("out-\(index)").write(
          to: scripts.appendingPathComponent("verify-\(index).storebench"), atomically: true, encoding: .utf8)
      }
      let environment = [
        "STOREBENCH_CA_DIR": directory.appendingPathComponent("ca").path, "TMPDIR": temporary.path,
      ]
      let root = try Binary.run([], input: "ca show\n", environment: environment).output
      for run in 1...3 {
        let suite = try Binary.run(["test", scripts.path, "-j", "4"], environment: environment)
        #expect(suite.status == 0, "run \(run): \(suite.output)")
        #expect(suite.output.hasSuffix("8 passed, 0 failed\n"), "run \(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [], "removed")
      }
      #expect(try Binary.run([], input: "ca show\n", environment: environment).output == root, "unchanged")
    }
  }
}
