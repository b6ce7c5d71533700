import Foundation
import SystemIO
import Testing

/// A file written with ``StagedFile`` is, whenever its writer dies, wholly old or wholly new: never
/// torn, never missing. The writer is `StagedWrite` (built beside these tests), killed by
/// ``CrashPoint`` after each of its steps, and by `strace` as it enters each fsync and rename.
@Suite(.serialized) struct StagedFileCrashTests {
  /// The old contents and the new, long enough that a torn write would show (the new one is an
  /// argument: under the 128 KiB a single argument may have).
  private static let old = String(repeating: "old contents\n", count: 20_000)
  private static let new = String(repeating: "new contents, longer\n", count: 5_000)

  private let directory: URL
  private var file: String { directory.appendingPathComponent("file.txt").path }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Kills the writer right after each step it counts (write, fsync, rename), until a run gets
  /// through.
  @Test func aWriterKilledAfterAnyStepLeavesTheOldFileOrTheNew() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    var outcomes: [String] = []
    for step in 1...10 {
      let status = try run(
        StagedWriter.path, [file, Self.new], environment: [CrashPoint.fileVariable: String(step)])
      try outcomes.append(check("step \(step)"))
      guard status == 9 else {
        #expect(status == 0, "step \(step)")
        break
      }
    }
    #expect(outcomes == ["old", "old", "new", "new"], "after the write, the fsync, the rename; then done")
  }

  /// `strace` kills the writer as it enters its Nth fsync or rename: before the system call runs.
  @Test(.enabled(if: StagedWriter.strace != nil, "strace is missing or cannot trace here"))
  func aWriterKilledAtAnyFsyncOrRenameLeavesTheOldFileOrTheNew() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let strace = try #require(StagedWriter.strace)
    var killed: [String: String] = [:]
    for (call, times) in [("fsync", 1...3), ("rename", 1...2)] {
      for when in times {
        let status = try run(
          strace,
          [
            "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(call)",
            "-e", "inject=\(call):signal=SIGKILL:when=\(when)", StagedWriter.path, file, Self.new,
          ])
        let outcome = try check("\(call) \(when)")
        if status != 0 { killed["\(call) \(when)"] = outcome }
      }
    }
    // The file's fsync and the rename come before the rename is done; the directory's fsync after.
    #expect(killed == ["fsync 1": "old", "rename 1": "old", "fsync 2": "new"])
  }

  /// A step that fails names the path and what failed.
  @Test func aFailedStepNamesThePathAndTheAction() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing").path
    #expect {
      try StagedFile.synchronizeDirectory(missing)
    } throws: { error in
      let failure = error as? StagedFile.WriteError
      return failure?.path == missing && failure?.action == "cannot open"
    }
    try StagedFile.create([1, 2, 3], at: file, mode: 0o600)
    #expect {
      try StagedFile.create([4], at: file, mode: 0o600)
    } throws: { error in
      (error as? StagedFile.WriteError)?.description == "cannot create: File exists"
    }
    #expect(try Array(Data(contentsOf: URL(fileURLWithPath: file))) == [1, 2, 3])
  }

  /// Writes the old contents, runs the writer, and returns its exit status (or signal number).
  private func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> Int32 {
    try FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(Self.old.utf8).write(to: URL(fileURLWithPath: file))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// What the file holds: `old` or `new`; anything else (torn, missing) is an issue.
  private func check(_ comment: String) throws -> String {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      Issue.record("\(comment): the file is missing")
      return "missing"
    }
    switch text {
    case Self.old: return "old"
    case Self.new: return "new"
    default:
      Issue.record("\(comment): the file is torn (\(text.utf8.count) bytes)")
      return "torn"
    }
  }
}
