/// The answer of Extend Subscription Renewal Dates for All Active Subscribers. Apple:
/// `MassExtendRenewalDateResponse`.
public struct MassExtendRenewalDateResponse: Codable, Hashable, Sendable {
  /// `requestIdentifier`: the request's identifier, as sent.
  public var requestIdentifier: String

  /// Creates a response.
  public init(requestIdentifier: String) {
    self.requestIdentifier = requestIdentifier
  }
}
