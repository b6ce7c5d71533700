import Foundation

/// A completed mass renewal-date extension: what Get Status of Subscription Renewal Date
/// Extensions answers, and what the `RENEWAL_EXTENSION/SUMMARY` notification reports.
public struct MassExtensionRecord: Hashable, Sendable {
  /// The caller's `requestIdentifier`.
  public var requestIdentifier: String
  /// The subscription product extended.
  public var productId: String
  /// The storefronts it was limited to, if any.
  public var storefrontCountryCodes: [String]?
  /// By how many days.
  public var extendByDays: Int
  /// Apple's reason code, 0 to 3.
  public var extendReasonCode: Int
  /// When it completed (at once, on the world's clock).
  public var completeDate: Date
  /// Subscriptions extended.
  public var succeededCount: Int
  /// Active subscriptions that could not be.
  public var failedCount: Int

  /// Creates a record.
  public init(
    requestIdentifier: String, productId: String, storefrontCountryCodes: [String]?, extendByDays: Int,
    extendReasonCode: Int, completeDate: Date, succeededCount: Int, failedCount: Int
  ) {
    self.requestIdentifier = requestIdentifier
    self.productId = productId
    self.storefrontCountryCodes = storefrontCountryCodes
    self.extendByDays = extendByDays
    self.extendReasonCode = extendReasonCode
    self.completeDate = completeDate
    self.succeededCount = succeededCount
    self.failedCount = failedCount
  }
}
