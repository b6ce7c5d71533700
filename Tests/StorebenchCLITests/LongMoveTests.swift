import Foundation
import Testing

/// A long move of the clock: refused before it starts when it would pass the renewal budget,
/// showing its progress on a terminal once it has run for a second, and stopped by Ctrl-C; and
/// files that are not regular (a FIFO nobody writes, a device that never ends) refused at once
/// instead of waited for or read.
@Suite struct LongMoveTests {
  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("long-move-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aMovePastTheBudgetIsRefusedBeforeItStarts() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try Binary.run(
      ["run", "-"], input: "time-rate every-2s\nbuy pro.monthly\nadvance-clock 1y\n", directory: folder)
    #expect(result.status == 1)
    #expect(
      result.error.contains(
        "-:3: error: advance-clock 1y would make about 15768000 renewals, more than the budget of 2000000: add --force"
      ),
      "\(result.error)")
    #expect(!result.output.contains("renewed"), "nothing ran")
  }

  /// On a terminal (tmux), a move that runs for more than a second says how far it has come, and
  /// Ctrl-C stops it between two instants.
  @Test(.enabled(if: Tmux.isAvailable, "SKIPPED: tmux is not installed (`make deps` installs it)"))
  func aLongMoveShowsItsProgressAndCtrlCStopsIt() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("time-rate every-2s\nbuy pro.monthly\nadvance-clock 10y --force\nclock\n".utf8)
      .write(to: folder.appendingPathComponent("long.storebench"))
    let tmux = try Tmux(
      socket: folder.appendingPathComponent("tmux.sock").path,
      program: [
        "/bin/sh", "-c",
        "cd \(folder.path) && \(Binary.path) run long.storebench > out; echo status $?; sleep 30",
      ],
      environment: ["HOME": folder.path, "TERM": "xterm", "STOREBENCH_CA_DIR": folder.path + "/ca"])
    defer { tmux.stop() }
    let progress = try tmux.waitFor("the progress line") { screen in
      screen.contains { $0.contains("events/s (Ctrl-C stops)") }
    }
    let line = try #require(progress.first { $0.contains("events/s") })
    #expect(line.contains("events, clock at 2026-"), "\(line)")
    try tmux.press("C-c")
    let ended = try tmux.waitFor("the end of the run") { $0.contains { $0.contains("status 130") } }
    #expect(
      ended.contains { $0.contains("long.storebench:3: interrupted: the clock stopped at") }, "\(ended)")
  }

  /// `storebench --state FILE advance-clock …` on a terminal: Ctrl-C stops the move between two
  /// instants, as at the prompt, the run ends with 130, and the world is saved where the clock
  /// stopped, so the next run starts there instead of making the whole move again.
  @Test(.enabled(if: Tmux.isAvailable, "SKIPPED: tmux is not installed (`make deps` installs it)"))
  func ctrlCStopsAStateFilesMoveAndTheWorldIsSavedWhereItStopped() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["HOME": folder.path, "TERM": "xterm", "STOREBENCH_CA_DIR": folder.path + "/ca"]
    for line in [["time-rate", "every-2s"], ["buy", "pro.monthly"]] {
      let result = try Binary.run(["--state", "w.json"] + line, directory: folder, environment: environment)
      #expect(result.status == 0, "\(result.error)")
    }
    let tmux = try Tmux(
      socket: folder.appendingPathComponent("tmux.sock").path,
      program: [
        "/bin/sh", "-c",
        "cd \(folder.path) && \(Binary.path) --state w.json advance-clock 10y --force > out; echo status $?; sleep 30",
      ],
      environment: environment)
    defer { tmux.stop() }
    _ = try tmux.waitFor("the progress line") { screen in
      screen.contains { $0.contains("events/s (Ctrl-C stops)") }
    }
    try tmux.press("C-c")
    let ended = try tmux.waitFor("the end of the run") { $0.contains { $0.contains("status 130") } }
    let stop = try #require(
      ended.joined(separator: "\n").firstMatch(of: /interrupted: the clock stopped at (\S+?)[ ,]/)?.1,
      "\(ended)")
    let clock = try Binary.run(["--state", "w.json", "clock"], directory: folder, environment: environment)
    #expect(clock.status == 0, "\(clock.error)")
    #expect(clock.output.hasPrefix(String(stop)), "saved at \(clock.output), stopped at \(stop)")
    #expect(!clock.output.hasPrefix("2036-"), "the whole move was made: \(clock.output)")
  }

  @Test func aFIFOIsRefusedAtOnce() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases: [([String], String)] = [
      (["run", "--catalog", "fifo", "-"], "error: fifo: is a FIFO (a named pipe), not a regular file"),
      (["run", "fifo"], "error: fifo: cannot read the script: is a FIFO (a named pipe), not a regular file"),
      (
        ["--state", "fifo", "clock"],
        "error: fifo: cannot read the file (is a FIFO (a named pipe), not a regular file)"
      ),
      (["run", "-"], "-:1: error: fifo: cannot read the file (is a FIFO"),
      (["run", "-"], "fifo: is a FIFO (a named pipe), not a regular file"),
    ]
    let inputs = ["", "", "", "load fifo\n", "catalog load fifo\n"]
    for ((arguments, expected), input) in zip(cases, inputs) {
      // A run that waited for a writer would be killed after 20 s and fail the test.
      let result = try Binary.run(
        executable: "/usr/bin/timeout", ["20", Binary.path] + arguments, input: input, directory: folder)
      #expect(result.status == 1, "\(arguments) \(input): status \(result.status)")
      #expect(result.error.contains(expected), "\(arguments) \(input): \(result.error)")
    }
  }

  @Test func aDeviceThatNeverEndsIsRefusedAtOnce() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused = "/dev/zero: is a character device, not a regular file"
    let cases: [([String], String, String)] = [
      (["run", "/dev/zero"], "", "error: /dev/zero: cannot read the script: is a character device"),
      (["/dev/zero"], "", "error: /dev/zero: cannot read the script: is a character device"),
      (["run", "--catalog", "/dev/zero", "-"], "", "error: \(refused)"),
      (
        ["--state", "/dev/zero", "clock"], "", "error: /dev/zero: cannot read the file (is a character device"
      ),
      (
        ["run", "-"], "verify --file /dev/zero\n",
        "-:1: error: /dev/zero: cannot read the file (is a character"
      ),
      (
        ["run", "-"], "verify --jws /dev/zero\n",
        "-:1: error: /dev/zero: cannot read the file (is a character"
      ),
      (["run", "-"], "tamper /dev/zero\n", "-:1: error: /dev/zero: cannot read the file (is a character"),
    ]
    for (arguments, input, expected) in cases {
      // A run that read the device to a limit would take long and be killed after 20 s.
      let result = try Binary.run(
        executable: "/usr/bin/timeout", ["20", Binary.path] + arguments, input: input, directory: folder)
      #expect(result.status == 1, "\(arguments) \(input): status \(result.status)")
      #expect(result.error.contains(expected), "\(arguments) \(input): \(result.error)")
    }
  }
}
