/// The answer of Extend a Subscription Renewal Date. Apple: `ExtendRenewalDateResponse`.
public struct ExtendRenewalDateResponse: Codable, Hashable, Sendable {
  /// `originalTransactionId`: the subscription extended.
  public var originalTransactionId: String
  /// `webOrderLineItemId`: the period extended.
  public var webOrderLineItemId: String?
  /// `success`: whether the date was extended.
  public var success: Bool
  /// `effectiveDate`: the new expiry, UNIX milliseconds.
  public var effectiveDate: Int64

  /// Creates a response.
  public init(originalTransactionId: String, webOrderLineItemId: String?, success: Bool, effectiveDate: Int64)
  {
    self.originalTransactionId = originalTransactionId
    self.webOrderLineItemId = webOrderLineItemId
    self.success = success
    self.effectiveDate = effectiveDate
  }
}
