import Foundation
import Workbench

/// Standard output and error, written unbuffered so that the two interleave in order.
enum Console {
  static func write(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Writes text to standard error with no newline, such as a progress line redrawn in place.
  static func errorText(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes text with no newline, such as a prompt.
  static func prompt(_ text: String) {
    guard !text.isEmpty else { return }
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static var sink: OutputSink { OutputSink(write: write, writeError: error) }

  /// Whether standard input is an interactive terminal.
  static var inputIsTerminal: Bool { isatty(FileHandle.standardInput.fileDescriptor) != 0 }

  /// How to dress output for people on standard output.
  static var style: TerminalStyle {
    TerminalStyle(
      isTerminal: isatty(FileHandle.standardOutput.fileDescriptor) != 0,
      environment: ProcessInfo.processInfo.environment)
  }
}
