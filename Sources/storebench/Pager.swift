import Foundation

/// Long help a screen at a time: through `$PAGER` (else `less`, with `LESS=FRX` unless `LESS` is
/// set, as git does) when standard input and output are a terminal and the text is taller than
/// it; written as it is otherwise, or when the pager cannot start.
enum Pager {
  /// Shows lines.
  static func show(_ lines: [String]) {
    guard let rows = terminalRows, lines.count >= rows, let command = command,
      let (pid, input) = start(command)
    else {
      return lines.forEach(Console.write)
    }
    // Ctrl-C belongs to the pager while it runs (less uses it to stop a search); this process
    // neither ends nor notes an interrupt meanwhile. A pager that quits early (`q`) closes the
    // pipe: the rest is not written (the write fails with EPIPE, SIGPIPE being ignored), and no
    // error is shown.
    Interrupts.ignored {
      let text = Array(lines.map { $0 + "\n" }.joined().utf8)
      _ = text.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(input, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
      close(input)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }

  /// Starts the pager with a pipe for its standard input, in this process's group (the terminal's
  /// foreground group, so that it may read keys from the terminal; Foundation's `Process` would put
  /// it in a group of its own), with every signal's default action and none blocked.
  ///
  /// - Returns: its process id and the pipe's end to write, or `nil` when it cannot start.
  private static func start(_ command: String) -> (pid: pid_t, input: Int32)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    // Other programs this process starts must not hold the pipe open (the pager would wait for
    // the end of its input forever); the pager's own copy is the one dup2 makes.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    let words: [String] = ["/bin/sh", "-c", command]
    let argv = words.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    close(ends[0])
    guard spawned == 0 else {
      close(ends[1])
      return nil
    }
    return (pid, ends[1])
  }

  /// The terminal's height when both standard input and output are a terminal; `nil` otherwise.
  private static var terminalRows: Int? {
    guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }

  /// The pager's shell command: `$PAGER`, else `less`; `nil` for an empty `PAGER` or `cat`, which
  /// ask for no pager.
  private static var command: String? {
    let pager = ProcessInfo.processInfo.environment["PAGER"] ?? "less"
    let trimmed = pager.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
  }
}
