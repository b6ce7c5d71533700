import Foundation
import Testing

extension CLITests {
  /// Inputs and outputs that fail: a full disk, a reader that went away, files written by commands.
  @Suite struct FaultTests {
    /// A fresh directory holding one script, removed by the caller.
    private func directory(withScript text: String) throws -> URL {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try text.write(to: directory.appendingPathComponent("x.storebench"), atomically: true, encoding: .utf8)
      return directory
    }

    /// Runs a shell command line in `directory` with `$0` set to the binary.
    private func shell(_ command: String, in directory: URL) throws -> Binary.Result {
      try Binary.run(executable: "/bin/sh", ["-c", command, Binary.path], directory: directory)
    }

    @Test func aFullDeviceEndsTheRunWithAMessageAndStatus1() throws {
      let directory = try directory(withScript: "products\n")
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try shell(#""$0" run x.storebench > /dev/full"#, in: directory)
      #expect(result.status == 1)
      #expect(result.error == "storebench: cannot write output: No space left on device\n")
    }

    @Test func aClosedPipeEndsTheRunQuietlyWithStatus141() throws {
      let directory = try directory(withScript: String(repeating: "products\n", count: 2000))
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try shell(#"("$0" run x.storebench; echo $? > status) | head -1"#, in: directory)
      #expect(result.status == 0)
      #expect(result.output.split(separator: "\n").count == 1)
      #expect(result.error == "")
      let status = try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
      #expect(status == "141\n")
    }

    @Test func filesWrittenByCommandsLeaveNoTemporaryFiles() throws {
      let directory = try directory(
        withScript: """
          buy coins.100
          receipt export out/receipt.der
          record out/session.storebench
          jws last --export out/last.jws
          ca export out/root.pem
          record stop

          """)
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try Binary.run(["run", "x.storebench"], directory: directory)
      #expect(result.status == 0, "\(result.error)")
      let names = try FileManager.default.contentsOfDirectory(
        atPath: directory.appendingPathComponent("out").path)
      #expect(names.sorted() == ["last.jws", "receipt.der", "root.pem", "session.storebench"])
    }
  }
}
