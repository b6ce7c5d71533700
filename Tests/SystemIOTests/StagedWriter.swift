import Foundation

/// The `StagedWrite` executable the crash tests kill, and `strace` to kill it with.
enum StagedWriter {
  /// `StagedWrite`, built into the same directory as the tests (`.build/debug`).
  static let path: String = {
    let tests = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    let beside = tests.deletingLastPathComponent().appendingPathComponent("StagedWrite")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside.path }
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return repository.appendingPathComponent(".build/debug/StagedWrite").path
  }()

  /// `strace`, when it is installed and can trace here: a container may forbid ptrace.
  static let strace: String? = {
    guard let path = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile)
    else { return nil }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: path)
    probe.arguments = ["-o", "/dev/null", "true"]
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return nil }
    probe.waitUntilExit()
    return probe.terminationStatus == 0 ? path : nil
  }()
}
