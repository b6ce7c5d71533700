import Foundation

/// A program the test starts (the server, the backend), whose first line of output is its URL.
///
/// Foundation's `Process` learns that a child ended through a socket the child inherits; a program
/// started later inherits it too, so stop programs in the reverse order of their start, or
/// `waitUntilExit()` waits for the later one as well.
final class Launched: @unchecked Sendable {
  let process = Process()
  private let output = Pipe()
  private let errors = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID()).err")

  /// Starts a program in a directory.
  init(_ executable: String, _ arguments: [String], in directory: URL) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardOutput = output
    FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
  }

  /// The first line the program prints: its URL.
  func url() throws -> URL {
    var bytes: [UInt8] = []
    while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
      bytes.append(byte)
    }
    guard let url = URL(string: String(decoding: bytes, as: UTF8.self)), url.port != nil else {
      throw LaunchError(description: "\(process.executableURL?.path ?? "") printed no URL: \(log)")
    }
    return url
  }

  /// What the program wrote on standard error.
  var log: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

  /// Stops the program and waits for it. SIGKILL, not `terminate()`'s SIGTERM: the program inherits
  /// the test thread's signal mask, which blocks SIGTERM.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

struct LaunchError: Error, CustomStringConvertible {
  var description: String
}
