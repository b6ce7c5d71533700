import Vocabulary

/// Something the simulated world could not do, with the reason in words a user can act on.
public struct SimulationError: StorebenchError, Hashable {
  /// The stable kinds of failure.
  public enum Code: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The request names something that does not exist (a device, an account, a transaction, a URL).
    case notFound = "not-found"
    /// What was asked for is done or exists already.
    case conflict = "conflict"
    /// A value is malformed or out of range.
    case invalidValue = "invalid-value"
    /// The request is well formed but the current state does not allow it.
    case notAllowed = "not-allowed"
    /// A receipt or a signed payload could not be signed.
    case signingFailed = "signing-failed"
    /// The certificate authority could not be opened or used.
    case authority = "certificate-authority"

    /// The code as programs read it, such as `not-found`.
    public var description: String { rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What failed and why.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - reason: What failed and why, in words a user can act on.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }
}
