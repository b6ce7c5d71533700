/// The body of Extend a Subscription Renewal Date. Apple: `ExtendRenewalDateRequest`.
public struct ExtendRenewalDateRequest: Codable, Hashable, Sendable {
  /// `extendByDays`: 1 to 90.
  public var extendByDays: Int?
  /// `extendReasonCode`: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue.
  public var extendReasonCode: Int?
  /// `requestIdentifier`: the caller's unique identifier for the request.
  public var requestIdentifier: String?

  /// Creates a body.
  public init(extendByDays: Int?, extendReasonCode: Int?, requestIdentifier: String?) {
    self.extendByDays = extendByDays
    self.extendReasonCode = extendReasonCode
    self.requestIdentifier = requestIdentifier
  }
}
