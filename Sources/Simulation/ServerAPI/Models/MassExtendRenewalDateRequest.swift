/// The body of Extend Subscription Renewal Dates for All Active Subscribers. Apple:
/// `MassExtendRenewalDateRequest`.
public struct MassExtendRenewalDateRequest: Codable, Hashable, Sendable {
  /// `extendByDays`: 1 to 90.
  public var extendByDays: Int?
  /// `extendReasonCode`: 0 to 3.
  public var extendReasonCode: Int?
  /// `requestIdentifier`: the caller's unique identifier for the request.
  public var requestIdentifier: String?
  /// `storefrontCountryCodes`: ISO alpha-3 codes to limit the extension to; absent for all.
  public var storefrontCountryCodes: [String]?
  /// `productId`: the subscription product.
  public var productId: String?

  /// Creates a body.
  public init(
    extendByDays: Int?, extendReasonCode: Int?, requestIdentifier: String?, storefrontCountryCodes: [String]?,
    productId: String?
  ) {
    self.extendByDays = extendByDays
    self.extendReasonCode = extendReasonCode
    self.requestIdentifier = requestIdentifier
    self.storefrontCountryCodes = storefrontCountryCodes
    self.productId = productId
  }
}
