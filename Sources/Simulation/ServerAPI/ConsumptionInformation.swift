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

extension ConsumptionInformation {
  /// What the server said, in a few words: `DELIVERED, 100%, GRANT_PRORATED` (v2) or the v1 fields
  /// that were given, such as `deliveryStatus 0, consumptionStatus 3`.
  public var summary: String {
    switch body {
    case .v2(let request):
      let percentage = request.consumptionPercentage.map {
        $0 % 1000 == 0 ? "\($0 / 1000)%" : "\(Double($0) / 1000)%"
      }
      return [request.deliveryStatus, percentage, request.refundPreference].compactMap { $0 }
        .joined(separator: ", ")
    case .v1(let request):
      let fields: [(String, Int?)] = [
        ("deliveryStatus", request.deliveryStatus), ("consumptionStatus", request.consumptionStatus),
        ("refundPreference", request.refundPreference),
      ]
      return fields.compactMap { name, value in value.map { "\(name) \($0)" } }.joined(separator: ", ")
    }
  }
}
