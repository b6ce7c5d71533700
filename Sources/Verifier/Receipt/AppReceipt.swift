import Foundation

/// An app receipt's payload: the typed view of Apple's `SET OF ReceiptAttribute`.
///
/// Attribute numbers follow Apple's Receipt Validation Programming Guide, "Receipt Fields" (App
/// Receipt Fields):
///
/// ```
/// Payload ::= SET OF ReceiptAttribute  -- app-level types:
///   0  receipt_type                  UTF8String  (Production, ProductionSandbox, Xcode, …)
///   1  app_item_id                   INTEGER
///   2  bundle_id                     UTF8String
///   3  application_version           UTF8String
///   4  opaque_value                  raw bytes (attribute version 2)
///   5  sha1_hash                     raw 20 bytes
///   12 receipt_creation_date         IA5String
///   17 in_app                        SET OF ReceiptAttribute, once per purchase
///   18 original_purchase_date        IA5String
///   19 original_application_version  UTF8String
///   21 expiration_date               IA5String
/// ```
///
/// Attributes of other types (6–11, 13–16, 20, 25, …) are kept in `additionalAttributes`, so unknown
/// types still decode and re-encode unchanged.
public struct AppReceipt: Hashable, Sendable, Codable {
  /// The receipt type (0), such as `Production` or `ProductionSandbox`.
  public var receiptType: String
  /// The app's App Store id (1); 0 in the sandbox.
  public var appItemId: Int
  /// The app's bundle identifier (2).
  public var bundleId: String
  /// The app version the receipt was created for (3).
  public var appVersion: String
  /// The opaque value that feeds the SHA-1 hash (4).
  public var opaqueValue: [UInt8]
  /// The SHA-1 hash of device identifier, opaque value and bundle id (5); see `ReceiptHash`.
  public var sha1Hash: [UInt8]
  /// When the receipt was created (12); Apple validates the chain at this date.
  public var creationDate: Date
  /// The version of the app originally purchased (19).
  public var originalApplicationVersion: String
  /// When the app was originally purchased (18).
  public var originalPurchaseDate: Date?
  /// When the receipt expires (21; volume purchase receipts).
  public var expirationDate: Date?
  /// The in-app purchases (17), in wire order. The encoder writes DER canonical order, as Apple does,
  /// so after a round trip the order follows the encoding, not the order given.
  public var inAppPurchases: [InAppPurchaseReceipt]
  /// Attributes without a typed field here, in wire form; written back as they are.
  public var additionalAttributes: [ReceiptAttribute]

  /// Creates a receipt payload.
  ///
  /// - Parameters:
  ///   - receiptType: `Production`, `ProductionSandbox`, …
  ///   - appItemId: The app's App Store id.
  ///   - bundleId: The bundle identifier.
  ///   - appVersion: The app version.
  ///   - opaqueValue: The opaque value.
  ///   - sha1Hash: The SHA-1 hash (see `ReceiptHash.sha1`).
  ///   - creationDate: The creation date.
  ///   - originalApplicationVersion: The originally purchased version.
  ///   - originalPurchaseDate: The original purchase date of the app.
  ///   - expirationDate: The receipt expiry.
  ///   - inAppPurchases: The in-app purchases.
  ///   - additionalAttributes: Untyped attributes to write as they are.
  public init(
    receiptType: String, appItemId: Int, bundleId: String, appVersion: String, opaqueValue: [UInt8],
    sha1Hash: [UInt8], creationDate: Date, originalApplicationVersion: String,
    originalPurchaseDate: Date? = nil, expirationDate: Date? = nil,
    inAppPurchases: [InAppPurchaseReceipt] = [], additionalAttributes: [ReceiptAttribute] = []
  ) {
    self.receiptType = receiptType
    self.appItemId = appItemId
    self.bundleId = bundleId
    self.appVersion = appVersion
    self.opaqueValue = opaqueValue
    self.sha1Hash = sha1Hash
    self.creationDate = creationDate
    self.originalApplicationVersion = originalApplicationVersion
    self.originalPurchaseDate = originalPurchaseDate
    self.expirationDate = expirationDate
    self.inAppPurchases = inAppPurchases
    self.additionalAttributes = additionalAttributes
  }
}

extension AppReceipt {
  /// Reads a receipt from its payload bytes (`SET OF ReceiptAttribute`).
  ///
  /// - Parameter payload: The DER payload.
  /// - Throws: `malformedPayload`, naming the attribute (and in-app purchase) that failed.
  init(payload: ArraySlice<UInt8>) throws(VerificationFailure) {
    let attributes = try ReceiptPayload.decode(payload, level: .payload)
    let reader = try ReceiptAttributeReader<AppReceiptField>(
      attributes, level: .payload, repeating: .inAppPurchase)
    var purchases: [InAppPurchaseReceipt] = []
    purchases.reserveCapacity(reader.repeated.count)
    for (index, value) in reader.repeated.enumerated() {
      let level = ReceiptLevel.inAppPurchase(index)
      let entry = try ReceiptPayload.decode(value, level: level)
      purchases.append(try InAppPurchaseReceipt(attributes: entry, level: level))
    }
    self.init(
      receiptType: try reader.required(.receiptType, ReceiptValue.utf8String),
      appItemId: try reader.required(.appItemId, ReceiptValue.integer),
      bundleId: try reader.required(.bundleId, ReceiptValue.utf8String),
      appVersion: try reader.required(.appVersion, ReceiptValue.utf8String),
      opaqueValue: try reader.required(.opaqueValue, ReceiptValue.raw),
      sha1Hash: try reader.required(.sha1Hash, ReceiptValue.raw),
      creationDate: try reader.requiredDate(.creationDate),
      originalApplicationVersion: try reader.required(.originalApplicationVersion, ReceiptValue.utf8String),
      originalPurchaseDate: try reader.optionalDate(.originalPurchaseDate),
      expirationDate: try reader.optionalDate(.expirationDate),
      inAppPurchases: purchases,
      additionalAttributes: reader.untyped)
  }

  /// The receipt's payload bytes: a DER `SET OF ReceiptAttribute` with one nested SET per purchase.
  ///
  /// - Throws: `SigningError.dateOutOfRange` when a date lies outside years 0000–9999.
  /// - Returns: The DER payload, the content that the CMS signature covers.
  public func payload() throws(SigningError) -> [UInt8] {
    var writer = ReceiptAttributeWriter<AppReceiptField>()
    writer.string(.receiptType, receiptType)
    writer.integer(.appItemId, appItemId)
    writer.string(.bundleId, bundleId)
    writer.string(.appVersion, appVersion)
    writer.raw(.opaqueValue, version: 2, opaqueValue)
    writer.raw(.sha1Hash, sha1Hash)
    try writer.date(.creationDate, creationDate)
    try writer.date(.originalPurchaseDate, originalPurchaseDate)
    writer.string(.originalApplicationVersion, originalApplicationVersion)
    try writer.date(.expirationDate, expirationDate)
    for purchase in inAppPurchases {
      writer.raw(.inAppPurchase, try purchase.encoded())
    }
    writer.untyped(additionalAttributes)
    return writer.encoded()
  }
}
