import Foundation
import SystemIO
import Vocabulary

/// A script's text and where it came from.
///
/// Lines end with `\n` or `\r\n`. A file is UTF-8: a byte-order mark at its start is skipped, and
/// invalid UTF-8 is refused as `FILE:LINE:COLUMN: invalid UTF-8`, the column counted in bytes from
/// 1. A recording (a file ``Recorder`` wrote, known by its header) must end with a line end: a
/// last line without one was cut off while being written, and is refused rather than run.
public struct Script: Sendable {
  /// The name used in `FILE:LINE:` messages: the path as given, or `-` for standard input.
  public var name: String
  /// The lines, without their line ends.
  public var lines: [String]
  /// The directory relative paths in the script are read from.
  public var directory: String

  /// Creates a script from text.
  ///
  /// - Throws: ``WorkbenchError`` for a recording whose last line has no line end.
  public init(name: String, text: String, directory: String) throws(WorkbenchError) {
    self.name = name
    // By bytes: a String's Characters join "\r\n" into one, which is not "\n".
    self.lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
    }
    self.directory = directory
    if lines.last == "" {
      lines.removeLast()
    } else if Recorder.isRecording(lines) {
      throw WorkbenchError(
        .invalidValue,
        "\(name):\(lines.count): the recording ends in the middle of this line (it has no line end): "
          + "the recording was cut off while being written")
    }
  }

  /// Creates a script from the bytes of a file.
  ///
  /// - Throws: ``WorkbenchError`` for invalid UTF-8 (with its line and column) or a cut-off
  ///   recording.
  public init(name: String, bytes: [UInt8], directory: String) throws(WorkbenchError) {
    let text = try Self.decode(
      bytes.starts(with: Self.byteOrderMark) ? bytes.dropFirst(3) : bytes[...], name: name)
    try self.init(name: name, text: text, directory: directory)
  }

  /// Reads a script file.
  ///
  /// - Throws: ``WorkbenchError`` when it cannot be read, is not UTF-8 text or is a cut-off recording.
  public init(path: String) throws(WorkbenchError) {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, as: .script)
    } catch {
      throw WorkbenchError(.file, "\(path): cannot read the script: \(error)")
    }
    try self.init(
      name: path, bytes: bytes, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// Reads a script from standard input to its end (`storebench run -`), named `-`, at most a
  /// script's limit (``FileFormat/script``).
  ///
  /// - Parameter directory: where its relative paths lead.
  /// - Throws: ``WorkbenchError`` as ``init(path:)`` does.
  public init(standardInputIn directory: String) throws(WorkbenchError) {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.readStandardInput(as: .script)
    } catch {
      throw WorkbenchError(.file, "-: cannot read the script: \(error)")
    }
    try self.init(name: "-", bytes: bytes, directory: directory)
  }

  /// UTF-8's byte-order mark, which some editors put at the start of a file.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The text of UTF-8 bytes.
  ///
  /// - Throws: ``WorkbenchError`` `NAME:LINE:COLUMN: invalid UTF-8` at the first bad byte.
  private static func decode(_ bytes: ArraySlice<UInt8>, name: String) throws(WorkbenchError) -> String {
    do {
      return try UTF8Text.decode(bytes)
    } catch {
      throw WorkbenchError(
        .invalidValue, "invalid UTF-8", at: SourceLocation(file: name, line: error.line, column: error.column)
      )
    }
  }
}
