import Foundation

/// A signed app transaction's payload (Apple's `JWSAppTransactionDecodedPayload`, App Store
/// Server API documentation).
///
/// Keys are Apple's JSON keys; dates are milliseconds since 1970 on the wire. Absent fields are `nil`
/// and omitted when encoding. Fields with an Apple enum keep the wire value beside the typed view.
public struct AppTransaction: Hashable, Sendable, Codable {
  /// The server environment that signed the app transaction. The wire value of `receiptType`.
  public var rawReceiptType: String?
  /// The server environment that signed the app transaction. `nil` when absent or a value this model does not know.
  public var receiptType: Environment? {
    get { rawReceiptType.flatMap(Environment.init(rawValue:)) }
    set { rawReceiptType = newValue?.rawValue }
  }
  /// The app's App Store id; absent in the sandbox and Xcode.
  public var appAppleId: Int64?
  /// The app's bundle identifier.
  public var bundleId: String?
  /// The app version.
  public var applicationVersion: String?
  /// The version's App Store identifier.
  public var versionExternalIdentifier: Int64?
  /// When the App Store created the app transaction.
  public var receiptCreationDate: Date?
  /// When the customer first bought the app.
  public var originalPurchaseDate: Date?
  /// The app version the customer first bought.
  public var originalApplicationVersion: String?
  /// Base64 device verification value.
  public var deviceVerification: String?
  /// The UUID used in the device verification value, as written on the wire.
  public var deviceVerificationNonce: String?
  /// When the customer pre-ordered the app.
  public var preorderDate: Date?
  /// The id of the app download transaction.
  public var appTransactionId: String?
  /// The platform of the first purchase. The wire value of `originalPlatform`.
  public var rawOriginalPlatform: String?
  /// The platform of the first purchase. `nil` when absent or a value this model does not know.
  public var originalPlatform: PurchasePlatform? {
    get { rawOriginalPlatform.flatMap(PurchasePlatform.init(rawValue:)) }
    set { rawOriginalPlatform = newValue?.rawValue }
  }

  /// Creates a payload; every field is optional, as in Apple's JSON.
  ///
  /// - Parameters:
  ///   - receiptType: The server environment that signed the app transaction.
  ///   - appAppleId: The app's App Store id; absent in the sandbox and Xcode.
  ///   - bundleId: The app's bundle identifier.
  ///   - applicationVersion: The app version.
  ///   - versionExternalIdentifier: The version's App Store identifier.
  ///   - receiptCreationDate: When the App Store created the app transaction.
  ///   - originalPurchaseDate: When the customer first bought the app.
  ///   - originalApplicationVersion: The app version the customer first bought.
  ///   - deviceVerification: Base64 device verification value.
  ///   - deviceVerificationNonce: The UUID used in the device verification value, as written on the wire.
  ///   - preorderDate: When the customer pre-ordered the app.
  ///   - appTransactionId: The id of the app download transaction.
  ///   - originalPlatform: The platform of the first purchase.
  public init(
    receiptType: Environment? = nil, appAppleId: Int64? = nil, bundleId: String? = nil,
    applicationVersion: String? = nil, versionExternalIdentifier: Int64? = nil,
    receiptCreationDate: Date? = nil, originalPurchaseDate: Date? = nil,
    originalApplicationVersion: String? = nil, deviceVerification: String? = nil,
    deviceVerificationNonce: String? = nil, preorderDate: Date? = nil, appTransactionId: String? = nil,
    originalPlatform: PurchasePlatform? = nil
  ) {
    self.rawReceiptType = receiptType?.rawValue
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.applicationVersion = applicationVersion
    self.versionExternalIdentifier = versionExternalIdentifier
    self.receiptCreationDate = receiptCreationDate
    self.originalPurchaseDate = originalPurchaseDate
    self.originalApplicationVersion = originalApplicationVersion
    self.deviceVerification = deviceVerification
    self.deviceVerificationNonce = deviceVerificationNonce
    self.preorderDate = preorderDate
    self.appTransactionId = appTransactionId
    self.rawOriginalPlatform = originalPlatform?.rawValue
  }

  enum CodingKeys: String, CodingKey {
    case rawReceiptType = "receiptType"
    case appAppleId
    case bundleId
    case applicationVersion
    case versionExternalIdentifier
    case receiptCreationDate
    case originalPurchaseDate
    case originalApplicationVersion
    case deviceVerification
    case deviceVerificationNonce
    case preorderDate
    case appTransactionId
    case rawOriginalPlatform = "originalPlatform"
  }
}
