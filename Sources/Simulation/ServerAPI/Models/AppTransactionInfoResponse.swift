/// The answer of Get App Transaction Info. Apple: `AppTransactionInfoResponse`.
public struct AppTransactionInfoResponse: Codable, Hashable, Sendable {
  /// `signedAppTransactionInfo`: the JWS app transaction.
  public var signedAppTransactionInfo: String

  /// Creates a response.
  public init(signedAppTransactionInfo: String) {
    self.signedAppTransactionInfo = signedAppTransactionInfo
  }
}
