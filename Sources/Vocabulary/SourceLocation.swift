/// A place in a file an error points at: `FILE:LINE` or `FILE:LINE:COLUMN` (the column counted in
/// bytes from 1).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, when known.
  public var column: Int?

  /// Creates a location.
  public init(file: String, line: Int, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// A position in a named file.
  public init(file: String, position: TextPosition) {
    self.init(file: file, line: position.line, column: position.column)
  }

  /// `FILE:LINE[:COLUMN]`.
  public var description: String { "\(file):\(line)" + (column.map { ":\($0)" } ?? "") }
}

/// A line and a column in a text (both from 1, the column counted in bytes), such as where broken
/// JSON breaks.
public struct TextPosition: Hashable, Sendable {
  /// The line.
  public var line: Int
  /// The column.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// An error that may point into a file. Printed alone it reads `FILE:LINE[:COLUMN]: error: MESSAGE`
/// (``ErrorLine``), as compilers print theirs, so that tools jump to the place.
public protocol LocatedError: Error {
  /// Where it points, if it points into a file.
  var sourceLocation: SourceLocation? { get }
  /// What was wrong, without the place.
  var message: String { get }
}

/// How an error is printed on a line of its own.
public enum ErrorLine {
  /// `FILE:LINE[:COLUMN]: error: MESSAGE` for an error that points into a file, `error: MESSAGE`
  /// for any other.
  public static func text(for error: any Error) -> String {
    if let located = error as? any LocatedError, let location = located.sourceLocation {
      return "\(location): error: \(located.message)"
    }
    return "error: \(error)"
  }
}
