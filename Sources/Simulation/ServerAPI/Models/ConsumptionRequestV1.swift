/// The body of Send Consumption Information V1 (deprecated). Apple: `ConsumptionRequestV1`.
public struct ConsumptionRequestV1: Codable, Hashable, Sendable {
  /// `customerConsented`: must be true.
  public var customerConsented: Bool?
  /// `consumptionStatus`: 0 to 3.
  public var consumptionStatus: Int?
  /// `platform`: 0 to 2.
  public var platform: Int?
  /// `sampleContentProvided`: whether a sample was given.
  public var sampleContentProvided: Bool?
  /// `deliveryStatus`: 0 to 5.
  public var deliveryStatus: Int?
  /// `appAccountToken`: a UUID, or empty.
  public var appAccountToken: String?
  /// `accountTenure`: 0 to 7.
  public var accountTenure: Int?
  /// `playTime`: 0 to 7.
  public var playTime: Int?
  /// `lifetimeDollarsRefunded`: 0 to 7.
  public var lifetimeDollarsRefunded: Int?
  /// `lifetimeDollarsPurchased`: 0 to 7.
  public var lifetimeDollarsPurchased: Int?
  /// `userStatus`: 0 to 4.
  public var userStatus: Int?
  /// `refundPreference`: 0 to 3.
  public var refundPreference: Int?

  /// Creates an empty body.
  public init() {}
}
