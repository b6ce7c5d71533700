/// A failure that reaches a user: a stable code that programs can rely on, and a reason in words a
/// user can act on, as swift-asn1's `ASN1Error` and the Verifier's failures are made.
///
/// Every module's error adopts it, with its code from the one vocabulary all modules share
/// (``ErrorCode``), so a caller that reports failures catches this protocol once instead of each
/// module's type, and reports the code as it is (`--format json`, `storebench test`'s reports,
/// HTTP answers). Most modules' errors are ``ModuleError``s.
public protocol StorebenchError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is, in the shared vocabulary; stable across releases, for programs.
  var errorCode: ErrorCode { get }
  /// What failed and why, in words a user can act on.
  var reason: String { get }
}

extension StorebenchError {
  /// The reason, as the user reads it.
  public var description: String { reason }
}
