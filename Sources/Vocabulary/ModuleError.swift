/// The one shape of the errors modules raise: a code from the shared vocabulary (``ErrorCode``),
/// a reason in words a user can act on and, when input from a file caused it, the place in that
/// file, as swift-certificates' `CertificateError` is made.
///
/// `Module` only tells the modules' errors apart, so that a function can declare which module's
/// error it throws (`throws(StoreError)`); each module names its own:
/// `public typealias StoreError = ModuleError<Store>`.
public struct ModuleError<Module>: StorebenchError, Hashable {
  /// What kind of failure this is.
  public var code: ErrorCode
  /// What failed and why.
  public var reason: String
  /// Where in a file it points, such as a script's byte that is not UTF-8.
  public var sourceLocation: SourceLocation?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - reason: What failed and why, in words a user can act on.
  public init(_ code: ErrorCode, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// Creates an error that points into a file.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - reason: What failed, without the place.
  ///   - location: The place in the file.
  public init(_ code: ErrorCode, _ reason: String, at location: SourceLocation) {
    self.init(code, reason)
    sourceLocation = location
  }

  /// Another module's error as this module reports it: the same code, reason and place.
  public init<Other>(_ error: ModuleError<Other>) {
    self.init(error.code, error.reason)
    sourceLocation = error.sourceLocation
  }

  /// The shared code, which is ``code``.
  public var errorCode: ErrorCode { code }

  /// The reason, after its place when it has one: `FILE:LINE:COLUMN: invalid UTF-8`.
  public var description: String { sourceLocation.map { "\($0): \(reason)" } ?? reason }
}

extension ModuleError: LocatedError {
  /// The reason without the place.
  public var message: String { reason }
}
