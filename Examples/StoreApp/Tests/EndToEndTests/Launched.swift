import Foundation

/// A program the test starts (the server, the backend), whose first line of output is its URL.
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

  /// Stops the program (SIGTERM) and waits for it.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}

struct LaunchError: Error, CustomStringConvertible {
  var description: String
}
