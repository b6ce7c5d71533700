import Foundation

/// A script's text and where it came from.
public struct Script: Sendable {
  /// The name used in `FILE:LINE:` messages: the path as given, or `-` for standard input.
  public var name: String
  /// The lines, without their newlines.
  public var lines: [String]
  /// The directory relative paths in the script are read from.
  public var directory: String

  /// Creates a script from text.
  public init(name: String, text: String, directory: String) {
    self.name = name
    self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    if self.lines.last == "" { self.lines.removeLast() }
    self.directory = directory
  }

  /// Reads a script file.
  ///
  /// - Throws: ``WorkbenchError`` when it cannot be read or is not UTF-8 text.
  public init(path: String) throws(WorkbenchError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw WorkbenchError("\(path): cannot read the script")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw WorkbenchError("\(path): the script is not UTF-8 text")
    }
    self.init(name: path, text: text, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }
}
