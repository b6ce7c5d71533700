import Foundation

/// A tool found on the `PATH` (`swift`), run to the end.
enum Tool {
  /// Runs a tool and returns what it printed.
  ///
  /// - Parameters:
  ///   - arguments: The tool and its arguments.
  ///   - environment: Variables set for it, beside the test's own.
  /// - Throws: ``ManifestError`` when it exits with a failure, with what it said.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read before waiting: a full pipe would keep the tool from exiting.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ManifestError(
        "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
          + String(decoding: said, as: UTF8.self))
    }
    return String(decoding: printed, as: UTF8.self)
  }
}
