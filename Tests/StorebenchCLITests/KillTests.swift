import Foundation
import Testing

extension CLITests {
  /// `kill -9` at every step of the files commands write: what was saved before is never lost or
  /// left half-written, and the next run works.
  @Suite struct KillTests {
    private let directory: URL

    init() throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func run(_ script: String, crashAfter step: Int? = nil) throws -> Binary.Result {
      let file = directory.appendingPathComponent("step.storebench")
      try script.write(to: file, atomically: true, encoding: .utf8)
      var environment = ["STOREBENCH_CA_DIR": directory.appendingPathComponent("ca").path]
      if let step { environment["STOREBENCH_CRASH_AFTER_FILE_STEP"] = String(step) }
      return try Binary.run(["run", file.path], environment: environment)
    }

    private func contents(_ name: String) -> Data? {
      FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
    }

    @Test func aReceiptExportKilledAtAnyStepLeavesTheOldFileOrTheNew() throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      #expect(try run("buy level.pack\nreceipt export r.der\n").status == 0)
      let old = try #require(contents("r.der"))
      var sawNew = false
      for step in 1...3 {
        let result = try run("buy level.pack\nbuy maps.hd\nreceipt export r.der\n", crashAfter: step)
        #expect(result.status == 137, "step \(step): \(result.error)")
        let now = try #require(contents("r.der"))
        sawNew = sawNew || now != old
        // Authentic and whole (another run's world does not know its account: 21010, not 21002 or 21003).
        #expect(try run("verify --file r.der\nexpect verify 21010\n").status == 0, "step \(step)")
      }
      #expect(sawNew)  // the rename is the last step: killed after it, the new file is in place
    }

    @Test func aRecordingKilledAtAnyStepHoldsWholeLinesThatReplay() throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      let session = "record rec.storebench\nbuy coins.100\nbuy level.pack\nadvance-clock 1d\nrecord stop\n"
      var replayed = 0
      for step in 1...8 {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("rec.storebench"))
        let result = try run(session, crashAfter: step)
        guard result.status == 137 else {
          #expect(result.status == 0, "step \(step): \(result.error)")
          break
        }
        guard let recording = contents("rec.storebench") else { continue }
        #expect(recording.last == UInt8(ascii: "\n"), "step \(step)")
        let text = String(decoding: recording, as: UTF8.self)
        let replay = try run(text)
        #expect(replay.status == 0, "step \(step): \(replay.error)")
        replayed += 1
      }
      #expect(replayed >= 3)
    }
  }
}
