/// A failure that reaches a user: a stable code that programs can rely on, and a reason in words a
/// user can act on, as swift-asn1's `ASN1Error` and the Verifier's failures are made.
///
/// Every module's error adopts it (``code`` is the module's own set of stable cases), so a caller
/// that reports failures catches this protocol once instead of each module's type.
public protocol StorebenchError: Error, Sendable, CustomStringConvertible {
  /// The type of ``code``: a module's stable cases.
  associatedtype Code: Hashable, Sendable, CustomStringConvertible

  /// What kind of failure this is; stable across releases, for programs.
  var code: Code { get }
  /// What failed and why, in words a user can act on.
  var reason: String { get }
}

extension StorebenchError {
  /// The reason, as the user reads it.
  public var description: String { reason }
}
