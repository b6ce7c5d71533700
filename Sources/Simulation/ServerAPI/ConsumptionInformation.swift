import Foundation

/// What the app's server sent with Send Consumption Information for a transaction, as the
/// `refund-request` flow shows it.
public struct ConsumptionInformation: Hashable, Sendable {
  /// The body, by API version.
  public enum Body: Hashable, Sendable {
    /// `PUT /inApps/v2/transactions/consumption/{transactionId}`.
    case v2(ConsumptionRequest)
    /// `PUT /inApps/v1/transactions/consumption/{transactionId}` (deprecated).
    case v1(ConsumptionRequestV1)
  }

  /// The body sent.
  public var body: Body
  /// When it arrived, on the world's clock.
  public var receivedAt: Date

  /// Creates a record.
  public init(body: Body, receivedAt: Date) {
    self.body = body
    self.receivedAt = receivedAt
  }
}
