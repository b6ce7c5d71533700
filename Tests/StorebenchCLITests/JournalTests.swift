import AsyncHTTPClient
import Foundation
import Testing

extension CLITests {
  /// A world kept with `--state FILE` loses nothing it acknowledged: killed (`kill -9`, a SIGKILL
  /// at each step of its file writes, `strace` killing it at an fsync or a rename) while the
  /// prompt runs commands or `serve` answers requests, it restarts with every acknowledged change,
  /// nothing half-applied, and the world of a run that was never killed.
  @Suite(.serialized) struct JournalTests {
    private let directory: URL

    init() throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Commands with every kind of change: notification attempts (to a port where nobody listens,
    /// so that each fails the same way), a purchase, a move of the clock that renews, a refund request.
    private static let commands = [
      "notify-url add http://127.0.0.1:9/notify", "buy pro.monthly", "advance-clock 10d",
      "refund-request last",
    ]

    /// The commands, each followed by `echo ack N`: the line that says command N was acknowledged.
    private static func input(upTo count: Int = commands.count) -> String {
      commands.prefix(count).enumerated().map { "\($1)\necho ack \($0 + 1)\n" }.joined()
    }

    /// How many commands a run's output acknowledged.
    private static func acknowledged(in output: String) -> Int {
      output.split(separator: "\n").filter { $0.hasPrefix("ack ") }.count
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The world of a run of the first `count` commands that was never killed, normalized.
    private func reference(_ count: Int, cache: inout [Int: String]) throws -> String {
      if let world = cache[count] { return world }
      let name = "reference-\(count).json"
      let run = try Binary.run(["--state", name], input: Self.input(upTo: count), directory: directory)
      #expect(run.status == 0, "\(run.error)")
      let world = try Self.normalized(path(name))
      cache[count] = world
      return world
    }

    /// A saved world with what differs between two runs that did the same taken out: ECDSA
    /// signatures are randomized, so each JWS loses its signature, and a notification's signed
    /// payload (whose content the file also keeps as `payloadJSON`) is dropped.
    static func normalized(_ path: String) throws -> String {
      var text = try String(contentsOfFile: path, encoding: .utf8)
      text = text.replacingOccurrences(
        of: #""signedPayload":\s*"[^"]*""#, with: #""signedPayload": """#, options: .regularExpression)
      return text.replacingOccurrences(
        of: #"(eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)\.[A-Za-z0-9_-]+"#, with: "$1.sig",
        options: .regularExpression)
    }

    /// Restarts on the killed world (one command that changes nothing opens it, replaying its
    /// journal, and writes it back) and checks it against the never-killed runs: it holds every
    /// acknowledged command, and at most the one that was running when the process died.
    private func checkRestart(
      acknowledged: Int, cache: inout [Int: String], _ comment: String
    ) throws {
      let restart = try Binary.run(["--state", "w.json", "clock"], directory: directory)
      #expect(restart.status == 0, "\(comment): \(restart.error)")
      #expect(!FileManager.default.fileExists(atPath: path("w.json.journal")), "\(comment)")
      let world = try Self.normalized(path("w.json"))
      let candidates = [acknowledged, acknowledged + 1].filter { $0 <= Self.commands.count }
      let matches = try candidates.contains { try reference($0, cache: &cache) == world }
      #expect(
        matches, "\(comment): after \(acknowledged) acknowledged commands the world is none of \(candidates)")
      try? FileManager.default.removeItem(atPath: path("w.json"))
    }

    /// SIGKILL right after each step of the files the prompt writes (each write, fsync, rename and
    /// removal of the snapshot and the journal), until a run gets through.
    @Test func aPromptKilledAfterAnyFileStepKeepsEveryAcknowledgedCommand() throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      var cache: [Int: String] = [:]
      var killed = 0
      for step in 1...80 {
        let run = try Binary.run(
          ["--state", "w.json"], input: Self.input(), directory: directory,
          environment: ["STOREBENCH_CRASH_AFTER_FILE_STEP": String(step)])
        guard run.status == 137 else {
          #expect(run.status == 0, "step \(step): \(run.error)")
          break
        }
        killed += 1
        try checkRestart(acknowledged: Self.acknowledged(in: run.output), cache: &cache, "step \(step)")
      }
      #expect(killed >= 15)
    }

    /// `strace` (which `make deps` installs), when it can trace here: a container may forbid ptrace.
    static let strace: String? = {
      guard let path = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile),
        let probe = try? Binary.run(executable: path, ["-o", "/dev/null", "true"])
      else { return nil }
      return probe.status == 0 ? path : nil
    }()

    /// `strace` kills the prompt when it enters its Nth fsync or its Nth rename: before the
    /// system call runs, where no code of storebench's own can count.
    @Test(.enabled(if: strace != nil, "strace is missing or cannot trace here"))
    func aPromptKilledAtAnFsyncOrARenameKeepsEveryAcknowledgedCommand() throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      let strace = try #require(Self.strace)
      var cache: [Int: String] = [:]
      for (call, times) in [("fsync", 1...10), ("rename", 1...3)] {
        for when in times {
          let run = try Binary.run(
            executable: strace,
            [
              "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(call)",
              "-e", "inject=\(call):signal=SIGKILL:when=\(when)", Binary.path, "--state", "w.json",
            ], input: Self.input(), directory: directory)
          try checkRestart(
            acknowledged: Self.acknowledged(in: run.output), cache: &cache,
            "\(call) \(when) (status \(run.status))")
        }
      }
    }

    /// A last record cut short (the process died while appending it) is dropped with a note that
    /// names it; the records before it are replayed.
    @Test func aTornLastRecordIsDroppedWithANote() throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      let run = try Binary.run(
        ["--state", "w.json"], input: Self.input(upTo: 3), directory: directory,
        environment: ["STOREBENCH_CRASH_AFTER_FILE_STEP": "12"])
      #expect(run.status == 137, "\(run.error)")
      let journal = try #require(FileHandle(forWritingAtPath: path("w.json.journal")))
      journal.seekToEndOfFile()
      journal.write(Data(#"0badc0de {"line":["buy","coi"#.utf8))
      try journal.close()
      let lines = try String(contentsOfFile: path("w.json.journal"), encoding: .utf8).split(separator: "\n")
        .count
      let restart = try Binary.run(["--state", "w.json", "clock"], directory: directory)
      #expect(restart.status == 0, "\(restart.error)")
      #expect(
        restart.error.contains(
          "w.json.journal:\(lines): note: the last record (28 bytes) was cut short when storebench stopped"),
        "\(restart.error)")
      #expect(restart.error.contains("since the last save replayed"), "\(restart.error)")
    }

    /// A record before the last that was changed stops the rebuild with the place, and both files
    /// are left as they are.
    @Test func aDamagedRecordIsRefusedAndTheFilesAreLeftAlone() throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      let run = try Binary.run(
        ["--state", "w.json"], input: Self.input(upTo: 3), directory: directory,
        environment: ["STOREBENCH_CRASH_AFTER_FILE_STEP": "14"])
      #expect(run.status == 137, "\(run.error)")
      var text = try String(contentsOfFile: path("w.json.journal"), encoding: .utf8)
      text = text.replacingOccurrences(of: "pro.monthly", with: "pro.yearly")
      try text.write(toFile: path("w.json.journal"), atomically: true, encoding: .utf8)
      let before = try Data(contentsOf: URL(fileURLWithPath: path("w.json")))
      let restart = try Binary.run(["--state", "w.json", "clock"], directory: directory)
      #expect(restart.status == 1)
      #expect(
        restart.error.contains("w.json.journal:3: error: the journal's record is damaged"), "\(restart.error)"
      )
      #expect(try Data(contentsOf: URL(fileURLWithPath: path("w.json"))) == before)
      #expect(try String(contentsOfFile: path("w.json.journal"), encoding: .utf8) == text)
    }

    /// `serve --state` killed (`kill -9`) at a random moment while requests that change the world
    /// arrive one after another: after a restart, every request that was answered is there, and
    /// the world is that of a server that answered the same requests and was never killed.
    @Test func aServerKilledDuringRequestsKeepsEveryAnsweredRequest() async throws {
      defer { try? FileManager.default.removeItem(at: directory) }
      let setup = try Binary.run(
        ["--state", "base.json"], input: "api-key create --out AuthKey.p8\nbuy pro.monthly\n",
        directory: directory)
      #expect(setup.status == 0, "\(setup.error)")
      let tokenRun = try Binary.run(
        ["--state", "base.json", "api-key", "token", "--key", "AuthKey.p8"], directory: directory)
      let token = try #require(
        tokenRun.output.split(separator: "\n").first { $0.hasPrefix("eyJ") }.map(String.init),
        "\(tokenRun.error)")
      var total = 0
      for round in 0..<3 {
        try FileManager.default.copyItem(atPath: path("base.json"), toPath: path("w.json"))
        let server = try Binary.start(
          executable: Binary.path, ["serve", "--state", "w.json"], directory: directory)
        let url = try await server.firstLine()
        let pid = server.pid
        let killer = Task {
          try await Task.sleep(for: .milliseconds(Int.random(in: 50...400)))
          kill(pid, SIGKILL)
        }
        var answered = 0
        while answered < 5000, (try? await Self.send(answered, to: url, token: token)) == 200 {
          answered += 1
        }
        try await killer.value
        _ = try server.wait()
        total += answered
        let restart = try Binary.run(["--state", "w.json", "clock"], directory: directory)
        #expect(restart.status == 0, "round \(round): \(restart.error)")
        let world = try Self.normalized(path("w.json"))
        var matched = false
        for count in [answered, answered + 1] where !matched {
          matched = try await referenceServed(count, token: token) == world
        }
        #expect(
          matched,
          "round \(round): after \(answered) answered requests the world is not a never-killed server's")
        try FileManager.default.removeItem(atPath: path("w.json"))
      }
      #expect(total >= 3, "too few requests were answered to test anything")
    }

    /// The world of a server given the first `count` requests and stopped cleanly, normalized.
    private func referenceServed(_ count: Int, token: String) async throws -> String {
      try? FileManager.default.removeItem(atPath: path("reference.json"))
      try FileManager.default.copyItem(atPath: path("base.json"), toPath: path("reference.json"))
      let server = try Binary.start(
        executable: Binary.path, ["serve", "--state", "reference.json"], directory: directory)
      let url = try await server.firstLine()
      for index in 0..<count { _ = try await Self.send(index, to: url, token: token) }
      kill(server.pid, SIGTERM)
      let stopped = try server.wait()
      #expect(stopped.status == 0, "\(stopped.error)")
      return try Self.normalized(path("reference.json"))
    }

    /// Request `index` of the load: a new app account token for the purchase, but the second and
    /// the fourth extend its renewal date by a day (the App Store allows two extensions a year).
    private static func send(_ index: Int, to url: String, token: String) async throws -> UInt {
      let identifier = String(format: "00000000-0000-4000-8000-%012d", index)
      let (path, body) =
        index != 1 && index != 3
        ? (
          "/inApps/v1/transactions/2000000000000001/appAccountToken", #"{"appAccountToken":"\#(identifier)"}"#
        )
        : (
          "/inApps/v1/subscriptions/extend/2000000000000001",
          #"{"extendByDays":1,"extendReasonCode":1,"requestIdentifier":"\#(identifier)"}"#
        )
      var request = HTTPClientRequest(url: url + path)
      request.method = .PUT
      request.headers.add(name: "Authorization", value: "Bearer \(token)")
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(Array(body.utf8))
      let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
      _ = try await response.body.collect(upTo: 1 << 20)
      return response.status.code
    }
  }
}
