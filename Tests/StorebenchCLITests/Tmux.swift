import Foundation

/// A private tmux server (its own socket, no user configuration) running one program in a
/// pseudo-terminal, for tests that type at the real prompt and read the screen.
struct Tmux {
  /// Where tmux is, if installed: the first `tmux` on `PATH`.
  static let executable = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/tmux" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Whether tests can use tmux.
  static var isAvailable: Bool { executable != nil }

  let socket: String
  let target = "prompt"

  /// Starts a program in a detached session of a new server, 100 columns by 30 rows. A shell runs
  /// it and then prints `[exited with status N]`: tmux itself does not always learn the status
  /// (it can miss the child's end). The shell ignores SIGINT, so that Ctrl-C reaches only the
  /// program, and the pane stays after the shell ends so that the screen can still be read.
  ///
  /// - Parameters:
  ///   - socket: the server's socket.
  ///   - program: the program and its arguments.
  ///   - environment: variables for the program.
  ///   - directory: the program's working directory (by default, the tests').
  init(socket: String, program: [String], environment: [String: String], directory: String? = nil) throws {
    self.socket = socket
    let quoted = (environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" } + program).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command = "trap '' INT; env \(quoted.joined(separator: " ")); echo \"[exited with status $?]\""
    let start = directory.map { ["-c", $0] } ?? []
    try run(
      ["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "100", "-y", "30"] + start + [command])
    try run(["set-option", "-t", target, "remain-on-exit", "on"])
  }

  /// Runs a tmux command against this server.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let result = try Binary.run(
      executable: Self.executable!, ["-S", socket] + arguments, environment: ["TMUX": ""])
    guard result.status == 0 else {
      throw TmuxError(description: "tmux \(arguments.joined(separator: " ")): \(result.error)")
    }
    return result.output
  }

  /// Types text as it is.
  func type(_ text: String) throws {
    try run(["send-keys", "-t", target, "-l", text])
  }

  /// Presses a key, such as `Enter`, `Up`, `Tab`, `C-c` or `C-d`.
  func press(_ key: String) throws {
    try run(["send-keys", "-t", target, key])
  }

  /// The screen's lines, trailing blank lines dropped.
  func screen() throws -> [String] {
    var lines = try run(["capture-pane", "-p", "-t", target]).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Everything the program printed since it started, its scrollback included, each line as it was
  /// printed (a line the terminal wrapped joined again), trailing spaces and blank lines dropped.
  func printed() throws -> [String] {
    var lines = try run(["capture-pane", "-p", "-J", "-S", "-", "-t", target]).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Waits, in short steps up to about ten seconds, until the screen satisfies `condition`.
  ///
  /// - Returns: the screen then.
  /// - Throws: ``TmuxError`` with the last screen when it never does.
  @discardableResult
  func waitFor(_ what: String, _ condition: ([String]) -> Bool) throws -> [String] {
    var lines: [String] = []
    for _ in 0..<200 {
      lines = try screen()
      if condition(lines) { return lines }
      usleep(50_000)
    }
    throw TmuxError(
      description: "timed out waiting for \(what); the screen:\n\(lines.joined(separator: "\n"))")
  }

  /// Stops the server and the program.
  func stop() {
    _ = try? run(["kill-server"])
  }
}

/// A tmux command that failed, or a screen that never came.
struct TmuxError: Error, CustomStringConvertible {
  var description: String
}
