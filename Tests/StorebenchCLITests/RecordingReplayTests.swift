import Foundation
import Testing

extension CLITests {
  @Suite struct RecordingReplayTests {
    /// A session of reads and writes recorded, then replayed by `storebench run`: the replay's
    /// world, saved, is byte for byte the session's, and the recording holds no read-only line.
    @Test func aCleanRecordingRebuildsTheSameWorld() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let reads = [
        "products", "transactions", "history", "storage", "status pro.monthly", "subscriptions",
        "receipt show", "verify", "echo marker", "expect storage coins.100 1", "clock", "observers",
      ]
      let writes = [
        "buy coins.100", "buy pro.monthly", "observer add late never-finish", "buy level.pack",
        "advance-clock 1mo", "auto-renew off pro.monthly", "relaunch", "storefront FRA",
      ]
      var typed = ["record session.storebench"]
      for (index, write) in writes.enumerated() {
        typed.append(write)
        typed.append(reads[index % reads.count])
        typed.append(reads[(index + writes.count) % reads.count])
      }
      typed += ["buy nothing", "record stop", "save session.json"]
      let session = try Binary.run(
        ["run", "-", "--keep-going"], input: typed.joined(separator: "\n") + "\n", directory: directory)
      #expect(session.status == 1, "only buy nothing fails: \(session.error)")
      #expect(session.error.split(separator: "\n").count == 1, "\(session.error)")

      let recording = try String(
        contentsOf: directory.appendingPathComponent("session.storebench"), encoding: .utf8)
      let commands = recording.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
      #expect(commands == writes)
      try (recording + "save replay.json\n").write(
        to: directory.appendingPathComponent("replay.storebench"), atomically: true, encoding: .utf8)
      let replay = try Binary.run(["run", "replay.storebench"], directory: directory)
      #expect(replay.status == 0, "\(replay.error)")
      let original = try Data(contentsOf: directory.appendingPathComponent("session.json"))
      let replayed = try Data(contentsOf: directory.appendingPathComponent("replay.json"))
      #expect(original == replayed)
      #expect(original.count > 1000)
    }
  }
}
