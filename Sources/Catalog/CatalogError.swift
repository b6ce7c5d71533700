import Vocabulary

/// Why a catalog could not be loaded: the file, where in it (a JSON path such as `products[2].price`
/// or a line and column for a syntax error), and what was wrong.
public struct CatalogError: StorebenchError, Hashable {
  /// What kind of failure this is.
  public var errorCode: ErrorCode { .invalidCatalog }
  /// The file as the user named it; empty for catalogs built from bytes.
  public var file: String
  /// Where in the document: a JSON path, `line L, column C`, or empty for the whole file.
  public var location: String
  /// What was wrong, such as `"abc" is not a decimal`.
  public var reason: String

  /// Creates an error.
  public init(file: String = "", location: String, reason: String) {
    self.file = file
    self.location = location
    self.reason = reason
  }

  /// The line and column of a syntax error, when it is one.
  public var position: TextPosition?

  /// `FILE:LINE:COLUMN: REASON` for a syntax error, else `FILE: LOCATION: REASON`, leaving out the
  /// empty parts.
  public var description: String {
    if let location = sourceLocation { return "\(location): \(reason)" }
    return [file, location, reason].filter { !$0.isEmpty }.joined(separator: ": ")
  }
}

extension CatalogError: LocatedError {
  /// A syntax error's place in a named file.
  public var sourceLocation: SourceLocation? {
    guard !file.isEmpty, let position else { return nil }
    return SourceLocation(file: file, position: position)
  }

  /// The reason without the place.
  public var message: String { sourceLocation == nil ? description : reason }
}

extension ErrorCode {
  /// The catalog is malformed or breaks one of its rules.
  public static let invalidCatalog = ErrorCode("invalid_catalog")
}
