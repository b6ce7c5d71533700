import Foundation

/// The built `storebench` binary and a way to run it, for tests of the real command line.
enum Binary {
  /// The package's root directory.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `.build/debug/storebench`, built by `swift build` (which `make test` runs first), or the
  /// binary `STOREBENCH_BINARY` names (`make release-tests` gives the release build's).
  static let path =
    ProcessInfo.processInfo.environment["STOREBENCH_BINARY"].map {
      URL(fileURLWithPath: $0, relativeTo: repository).path
    } ?? repository.appendingPathComponent(".build/debug/storebench").path

  /// What a run gave.
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs the binary and waits for it.
  ///
  /// - Parameters:
  ///   - arguments: its arguments.
  ///   - input: its standard input (empty when `nil`).
  ///   - directory: its working directory (the repository by default).
  ///   - environment: variables to set on top of this process's.
  static func run(
    _ arguments: [String], input: String? = nil, directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    try run(executable: path, arguments, input: input, directory: directory, environment: environment)
  }

  /// Runs any executable and waits for it.
  static func run(
    executable: String, _ arguments: [String], input: String? = nil, directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    try start(executable: executable, arguments, input: input, directory: directory, environment: environment)
      .wait()
  }

  /// A program started and not yet waited for.
  struct Running {
    var pid: pid_t
    /// Where its input and output go, removed by ``wait()``.
    var scratch: URL

    /// The first line of its standard output, once written (at most 20 s), such as the URL
    /// `serve` prints.
    func firstLine() async throws -> String {
      let file = scratch.appendingPathComponent("out")
      for _ in 0..<200 {
        if let text = try? String(contentsOf: file, encoding: .utf8), let end = text.firstIndex(of: "\n") {
          return String(text[..<end])
        }
        try await Task.sleep(for: .milliseconds(100))
      }
      return ""
    }

    /// Waits for the program to end.
    func wait() throws -> Result {
      defer { try? FileManager.default.removeItem(at: scratch) }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
      let exited = status & 0x7f == 0
      return Result(
        status: exited ? (status >> 8) & 0xff : 128 + status & 0x7f,
        output: try String(contentsOf: scratch.appendingPathComponent("out"), encoding: .utf8),
        error: try String(contentsOf: scratch.appendingPathComponent("err"), encoding: .utf8))
    }
  }

  /// Starts the binary without waiting for it, so that several can run at once.
  static func start(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) throws -> Running {
    try start(executable: path, arguments, input: input, environment: environment)
  }

  /// Starts any executable without waiting for it.
  ///
  /// It is started with `posix_spawn` and its output goes to files: Foundation's `Process` learns
  /// that a child ended through a socket the child inherits, and a daemon the child starts (a tmux
  /// server) keeps that socket open, so `waitUntilExit()` would never return.
  static func start(
    executable: String, _ arguments: [String], input: String? = nil, directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Running {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let files = ["in", "out", "err"].map { scratch.appendingPathComponent($0).path }
    try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: files[0]))

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, files[0], O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, files[1], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, files[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    // The test runs on a thread that blocks most signals; the program starts with none blocked
    // and the default handlers (tmux needs SIGCHLD to learn how its program ended).
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t?
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
    // The shell changes to the directory, then becomes the program.
    let shell = ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, (directory ?? repository).path]
    let argv = (shell + [executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, shell[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      try? FileManager.default.removeItem(at: scratch)
      throw SpawnError(description: "\(executable): \(String(cString: strerror(spawned)))")
    }
    return Running(pid: pid, scratch: scratch)
  }
}

/// A program that could not be started.
struct SpawnError: Error, CustomStringConvertible {
  var description: String
}
