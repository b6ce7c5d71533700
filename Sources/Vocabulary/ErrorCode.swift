/// What kind of failure an error is, as a stable snake_case identifier for programs: the one
/// vocabulary every module's errors share (``StorebenchError/errorCode``), and what
/// `--format json` writes as `{"error":{"code":"unknown_product",…}}`.
///
/// A struct of static members rather than an enum, as swift-certificates' `ErrorCode`, so that a
/// module adds the codes only it means (`extension ErrorCode { public static let … }`) and the set
/// can grow. Every code is listed, with its meaning, in `docs/errors.md`; a test keeps the two equal.
/// The raw values are part of the JSON format: new ones may be added, existing ones never change.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The identifier, such as `not_found`.
  public var rawValue: String

  /// A code with this identifier.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A code with this identifier; modules declare theirs with it as static members.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The identifier, as programs read it.
  public var description: String { rawValue }
}

extension ErrorCode {
  /// The request names something that does not exist (an account, a device, an observer, …).
  public static let notFound = ErrorCode("not_found")
  /// What was asked for is done or exists already.
  public static let conflict = ErrorCode("conflict")
  /// A value is malformed or out of range.
  public static let invalidValue = ErrorCode("invalid_value")
  /// The request is well formed but the current state does not allow it.
  public static let notAllowed = ErrorCode("not_allowed")
  /// A saved state being restored contradicts itself.
  public static let inconsistentState = ErrorCode("inconsistent_state")
  /// A product identifier the catalog does not have.
  public static let unknownProduct = ErrorCode("unknown_product")
  /// A transaction the account, the store or the session does not have.
  public static let unknownTransaction = ErrorCode("unknown_transaction")
  /// A refund the store refuses: the transaction was refunded already, or cannot be refunded.
  public static let refundRefused = ErrorCode("refund_refused")
}
