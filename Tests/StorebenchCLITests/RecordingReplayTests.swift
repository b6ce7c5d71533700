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
      #expect(commands == ["identity --seed 0"] + writes)
      try (recording + "save replay.json\n").write(
        to: directory.appendingPathComponent("replay.storebench"), atomically: true, encoding: .utf8)
      let replay = try Binary.run(["run", "replay.storebench"], directory: directory)
      #expect(replay.status == 0, "\(replay.error)")
      let original = try Data(contentsOf: directory.appendingPathComponent("session.json"))
      let replayed = try Data(contentsOf: directory.appendingPathComponent("replay.json"))
      #expect(original == replayed)
      #expect(original.count > 1000)
    }

    /// A session at the real prompt, in a terminal, with its fresh seed, recorded from its middle
    /// with every line kept and a golden transcript: `storebench run` replays it to what the
    /// terminal showed, character for character, an id the user read on the screen and typed
    /// back included; `storebench test` passes on it.
    @Test(.enabled(if: Tmux.isAvailable, "SKIPPED: tmux is not installed (`make deps` installs it)"))
    func aPromptSessionReplaysAsTheTerminalShowedIt() throws {
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
      let work = home.appendingPathComponent("work")
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let tmux = try Tmux(
        socket: home.appendingPathComponent("tmux.sock").path, program: [Binary.path],
        environment: ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm"],
        directory: work.path)
      defer { tmux.stop() }
      let prompt = PromptTerminalTests.prompt
      func enter(_ line: String, until what: String, _ done: @escaping ([String]) -> Bool) throws -> [String]
      {
        try tmux.type(line)
        try tmux.press("Enter")
        return try tmux.waitFor(what) { $0.last == PromptTerminalTests.emptyPrompt && done($0) }
      }
      try tmux.waitFor("the prompt") { $0.last == PromptTerminalTests.emptyPrompt }
      let seedLine = try #require(try tmux.printed().first { $0.hasPrefix("world seed ") })
      let seed = try #require(seedLine.firstMatch(of: /world seed (\d+):/).map { String($0.1) })
      #expect(seed != "0")

      _ = try enter("buy coins.100", until: "a purchase before recording") {
        $0.contains { $0.contains("removedTransactions: #1 coins.100") }
      }
      _ = try enter("record rec.storebench --all --expected", until: "the recording") {
        $0.contains("recording to rec.storebench, its golden transcript to rec.expected")
      }
      let bought = try enter("buy level.pack", until: "the purchase") {
        $0.contains { $0.contains("removedTransactions: #2 level.pack purchased") }
      }
      // The id as the user reads it on the screen, typed back.
      let id = try #require(
        bought.last { $0.contains("removedTransactions: #2 level.pack purchased") }?.split(separator: " ")
          .last
          .map(String.init))
      #expect(id != "2000000000000002")
      _ = try enter("refund \(id)", until: "the refund") {
        $0.contains { $0.contains("store refund: 2.99 USD") }
      }
      _ = try enter("history", until: "the history") { $0.contains { $0.hasPrefix(id) } }
      _ = try enter("record stop", until: "the end of the recording") {
        $0.contains("recording stopped: 4 lines in rec.storebench, its golden transcript in rec.expected")
      }
      try tmux.type("quit")
      try tmux.press("Enter")
      try tmux.waitFor("the end") { PromptTerminalTests.ended($0, after: "quit") }

      // What the terminal showed from the seed line to `record stop`, each typed line as a
      // transcript echoes it, the `record` line and what it printed left out.
      var shown: [String] = []
      var skipping = false
      for line in try tmux.printed().drop(while: { $0 != seedLine }).dropFirst() {
        if line == prompt + "record stop" { break }
        if line.hasPrefix(prompt + "record ") {
          skipping = true
          continue
        }
        if skipping, !line.hasPrefix(prompt) { continue }
        skipping = false
        shown.append(line.hasPrefix(prompt) ? "> " + line.dropFirst(prompt.count) : line)
      }
      #expect(shown.contains("> refund \(id)"))

      let replay = try Binary.run(["run", "--transcript", "rec.storebench"], directory: work)
      #expect(replay.status == 0, "\(replay.error)")
      let replayed = replay.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(
        replayed.prefix(2) == [
          "> identity --seed \(seed)",
          seedLine.replacingOccurrences(of: "; reproduce with --seed \(seed)", with: ""),
        ])
      #expect(Array(replayed.dropFirst(2)) == shown + [""])

      let suite = try Binary.run(["test", "."], directory: work)
      #expect(suite.status == 0, "\(suite.output)\(suite.error)")
      #expect(suite.output.hasSuffix("1 passed, 0 failed\n"))
    }
  }
}
