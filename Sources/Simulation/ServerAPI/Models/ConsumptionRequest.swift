/// The body of Send Consumption Information (v2). Apple: `ConsumptionRequest`.
public struct ConsumptionRequest: Codable, Hashable, Sendable {
  /// `customerConsented`: required, and must be true.
  public var customerConsented: Bool?
  /// `consumptionPercentage`: how much was consumed, in milliunits (0 to 100000).
  public var consumptionPercentage: Int?
  /// `deliveryStatus`: `DELIVERED` or one of the `UNDELIVERED_*` values.
  public var deliveryStatus: String?
  /// `refundPreference`: `DECLINE`, `GRANT_FULL` or `GRANT_PRORATED`.
  public var refundPreference: String?
  /// `sampleContentProvided`: required.
  public var sampleContentProvided: Bool?

  /// Apple's delivery statuses.
  public static let deliveryStatuses: Set<String> = [
    "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE",
    "UNDELIVERED_OTHER",
  ]
  /// Apple's refund preferences.
  public static let refundPreferences: Set<String> = ["DECLINE", "GRANT_FULL", "GRANT_PRORATED"]

  /// Creates a body.
  public init(
    customerConsented: Bool?, consumptionPercentage: Int?, deliveryStatus: String?, refundPreference: String?,
    sampleContentProvided: Bool?
  ) {
    self.customerConsented = customerConsented
    self.consumptionPercentage = consumptionPercentage
    self.deliveryStatus = deliveryStatus
    self.refundPreference = refundPreference
    self.sampleContentProvided = sampleContentProvided
  }
}
