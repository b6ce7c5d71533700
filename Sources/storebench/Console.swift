import Foundation
import SystemIO
import Vocabulary
import Workbench

/// Standard output and error, written unbuffered with `write(2)` so that the two interleave in
/// order. When output cannot be written the process ends as a Unix tool does: quietly with status
/// 141 (128 + SIGPIPE) when the reader of a pipe has gone, else with
/// `storebench: cannot write output: REASON` on standard error and status 1.
enum Console {
  static func write(_ line: String) {
    send(line + "\n", to: .standardOutput)
  }

  static func error(_ line: String) {
    send(line + "\n", to: .standardError)
  }

  /// Reports a failure outside any script line (``OutputSink/report(error:code:format:)``): as
  /// text on standard error, as JSON on standard output with the rest.
  static func failure(_ message: String, code: ErrorCode, format: OutputFormat) {
    sink.report(error: message, code: code, format: format)
  }

  /// Reports an error outside any script line: `FILE:LINE[:COLUMN]: error: …` when it points into
  /// a file (``OutputSink/report(_:code:format:)``).
  static func failure(_ error: any Error, code: ErrorCode, format: OutputFormat) {
    sink.report(error, code: code, format: format)
  }

  /// Writes text to standard error with no newline, such as a progress line redrawn in place.
  static func errorText(_ text: String) {
    send(text, to: .standardError)
  }

  /// Writes text with no newline, such as a prompt.
  static func prompt(_ text: String) {
    guard !text.isEmpty else { return }
    send(text, to: .standardOutput)
  }

  static var sink: OutputSink { OutputSink(write: write, writeError: error, style: { style }) }

  /// The sink of the interactive prompt: as ``sink``, and long help a screen at a time (``Pager``).
  static var pagingSink: OutputSink {
    OutputSink(write: write, writeError: error, style: { style }, page: Pager.show)
  }

  /// Makes a write to a closed pipe fail with `EPIPE` (rather than SIGPIPE ending the process at
  /// once), so that ``send(_:to:)`` ends the run itself.
  static func prepare() {
    FileDescriptor.ignoreBrokenPipeSignal()
  }

  /// Whether standard input is an interactive terminal.
  static var inputIsTerminal: Bool { isatty(FileHandle.standardInput.fileDescriptor) != 0 }

  /// How to dress output for people on standard output, with the terminal's width measured now.
  static var style: TerminalStyle {
    let descriptor = FileHandle.standardOutput.fileDescriptor
    var size = winsize()
    let measured = ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    return TerminalStyle(
      isTerminal: isatty(descriptor) != 0, environment: ProcessInfo.processInfo.environment, columns: measured
    )
  }

  private static func send(_ text: String, to descriptor: FileDescriptor) {
    do {
      try descriptor.writeAll(text)
    } catch {
      outputFailed(error, on: descriptor)
    }
  }

  /// Ends the process after a failed write to standard output or error.
  private static func outputFailed(_ error: SystemError, on descriptor: FileDescriptor) -> Never {
    if error.isBrokenPipe { exit(FileDescriptor.brokenPipeStatus) }
    if descriptor != .standardError {
      try? FileDescriptor.standardError.writeAll("storebench: cannot write output: \(error)\n")
    }
    exit(EXIT_FAILURE)
  }
}
