/// The answer of Get Status of Subscription Renewal Date Extensions. Apple:
/// `MassExtendRenewalDateStatusResponse`.
public struct MassExtendRenewalDateStatusResponse: Codable, Hashable, Sendable {
  /// `requestIdentifier`: the mass extension's identifier.
  public var requestIdentifier: String
  /// `complete`: whether it finished (always, here: it runs at once).
  public var complete: Bool
  /// `completeDate`: when it finished, UNIX milliseconds.
  public var completeDate: Int64?
  /// `succeededCount`: subscriptions extended.
  public var succeededCount: Int
  /// `failedCount`: active subscriptions that could not be extended.
  public var failedCount: Int

  /// Creates a response.
  public init(
    requestIdentifier: String, complete: Bool, completeDate: Int64?, succeededCount: Int, failedCount: Int
  ) {
    self.requestIdentifier = requestIdentifier
    self.complete = complete
    self.completeDate = completeDate
    self.succeededCount = succeededCount
    self.failedCount = failedCount
  }
}
