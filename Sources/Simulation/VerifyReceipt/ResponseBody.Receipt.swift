import Foundation
import JSON
import Verifier

extension ResponseBody {
  /// The decoded receipt of a verifyReceipt answer. Apple: `responseBody.Receipt`.
  ///
  /// Keys are Apple's, in the order Apple writes them. Numbers are JSON numbers; each date comes
  /// three times (`KEY`, `KEY_ms`, `KEY_pst`; see ``AppleDate``). The VPP `expiration_date` and the
  /// `preorder_date` may be missing; every other key is always there.
  public struct Receipt: Codable, Hashable, Sendable, JSONObjectWritable {
    /// `receipt_type`: `Production`, `ProductionSandbox`, `ProductionVPP` or `ProductionVPPSandbox`.
    public var receiptType: String
    /// `adam_id`: the app's Apple ID, the same as `app_item_id`; 0 in the sandbox.
    public var adamId: Int
    /// `app_item_id`: the app's Apple ID; 0 in the sandbox.
    public var appItemId: Int
    /// `bundle_id`: the app's bundle identifier.
    public var bundleId: String
    /// `application_version`: the app's build number when the receipt was written.
    public var applicationVersion: String
    /// `download_id`: the download's identifier; 0 in the sandbox.
    public var downloadId: Int
    /// `version_external_identifier`: the App Store's id of the app version; 0 in the sandbox.
    public var versionExternalIdentifier: Int
    /// `receipt_creation_date`: when the App Store wrote the receipt.
    public var receiptCreationDate: String
    /// `receipt_creation_date_ms`: the same, in milliseconds since 1970.
    public var receiptCreationDateMs: String
    /// `receipt_creation_date_pst`: the same, in Pacific time.
    public var receiptCreationDatePst: String
    /// `request_date`: when verifyReceipt answered.
    public var requestDate: String
    /// `request_date_ms`: the same, in milliseconds since 1970.
    public var requestDateMs: String
    /// `request_date_pst`: the same, in Pacific time.
    public var requestDatePst: String
    /// `original_purchase_date`: when the customer first downloaded the app.
    public var originalPurchaseDate: String
    /// `original_purchase_date_ms`: the same, in milliseconds since 1970.
    public var originalPurchaseDateMs: String
    /// `original_purchase_date_pst`: the same, in Pacific time.
    public var originalPurchaseDatePst: String
    /// `original_application_version`: the app version the customer first downloaded.
    public var originalApplicationVersion: String
    /// `expiration_date`: when a Volume Purchase Program receipt expires.
    public var expirationDate: String?
    /// `expiration_date_ms`: the same, in milliseconds since 1970.
    public var expirationDateMs: String?
    /// `expiration_date_pst`: the same, in Pacific time.
    public var expirationDatePst: String?
    /// `preorder_date`: when the customer pre-ordered the app.
    public var preorderDate: String?
    /// `preorder_date_ms`: the same, in milliseconds since 1970.
    public var preorderDateMs: String?
    /// `preorder_date_pst`: the same, in Pacific time.
    public var preorderDatePst: String?
    /// `in_app`: the in-app purchases the receipt lists, in its order.
    public var inApp: [LatestReceiptInfo]

    enum CodingKeys: String, CodingKey {
      case receiptType = "receipt_type"
      case adamId = "adam_id"
      case appItemId = "app_item_id"
      case bundleId = "bundle_id"
      case applicationVersion = "application_version"
      case downloadId = "download_id"
      case versionExternalIdentifier = "version_external_identifier"
      case receiptCreationDate = "receipt_creation_date"
      case receiptCreationDateMs = "receipt_creation_date_ms"
      case receiptCreationDatePst = "receipt_creation_date_pst"
      case requestDate = "request_date"
      case requestDateMs = "request_date_ms"
      case requestDatePst = "request_date_pst"
      case originalPurchaseDate = "original_purchase_date"
      case originalPurchaseDateMs = "original_purchase_date_ms"
      case originalPurchaseDatePst = "original_purchase_date_pst"
      case originalApplicationVersion = "original_application_version"
      case expirationDate = "expiration_date"
      case expirationDateMs = "expiration_date_ms"
      case expirationDatePst = "expiration_date_pst"
      case preorderDate = "preorder_date"
      case preorderDateMs = "preorder_date_ms"
      case preorderDatePst = "preorder_date_pst"
      case inApp = "in_app"
    }

    /// Writes the members in the order of Apple's answers: the one list that both
    /// ``ResponseBody/compactJSON()`` and `encode(to:)` write.
    ///
    /// - Parameter writer: The writer to write them to.
    /// - Throws: What the writer throws.
    public func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
      try writer.member(CodingKeys.receiptType.rawValue, receiptType)
      try writer.member(CodingKeys.adamId.rawValue, adamId)
      try writer.member(CodingKeys.appItemId.rawValue, appItemId)
      try writer.member(CodingKeys.bundleId.rawValue, bundleId)
      try writer.member(CodingKeys.applicationVersion.rawValue, applicationVersion)
      try writer.member(CodingKeys.downloadId.rawValue, downloadId)
      try writer.member(CodingKeys.versionExternalIdentifier.rawValue, versionExternalIdentifier)
      try writer.member(CodingKeys.receiptCreationDate.rawValue, receiptCreationDate)
      try writer.member(CodingKeys.receiptCreationDateMs.rawValue, receiptCreationDateMs)
      try writer.member(CodingKeys.receiptCreationDatePst.rawValue, receiptCreationDatePst)
      try writer.member(CodingKeys.requestDate.rawValue, requestDate)
      try writer.member(CodingKeys.requestDateMs.rawValue, requestDateMs)
      try writer.member(CodingKeys.requestDatePst.rawValue, requestDatePst)
      try writer.member(CodingKeys.originalPurchaseDate.rawValue, originalPurchaseDate)
      try writer.member(CodingKeys.originalPurchaseDateMs.rawValue, originalPurchaseDateMs)
      try writer.member(CodingKeys.originalPurchaseDatePst.rawValue, originalPurchaseDatePst)
      try writer.member(CodingKeys.originalApplicationVersion.rawValue, originalApplicationVersion)
      try writer.member(CodingKeys.expirationDate.rawValue, expirationDate)
      try writer.member(CodingKeys.expirationDateMs.rawValue, expirationDateMs)
      try writer.member(CodingKeys.expirationDatePst.rawValue, expirationDatePst)
      try writer.member(CodingKeys.preorderDate.rawValue, preorderDate)
      try writer.member(CodingKeys.preorderDateMs.rawValue, preorderDateMs)
      try writer.member(CodingKeys.preorderDatePst.rawValue, preorderDatePst)
      try writer.member(CodingKeys.inApp.rawValue, inApp)
    }

    /// The answer's receipt for a verified app receipt, as the sandbox writes it: no download or
    /// version ids, and the creation date standing in for a missing original purchase date.
    ///
    /// - Parameters:
    ///   - receipt: The verified receipt.
    ///   - now: When verifyReceipt answers.
    init(_ receipt: AppReceipt, answeredAt now: Date) {
      receiptType = receipt.receiptType
      adamId = receipt.appItemId
      appItemId = receipt.appItemId
      bundleId = receipt.bundleId
      applicationVersion = receipt.appVersion
      downloadId = 0
      versionExternalIdentifier = 0
      var dates = AppleDate.Memo()
      (receiptCreationDate, receiptCreationDateMs, receiptCreationDatePst) = dates.forms(receipt.creationDate)
      (requestDate, requestDateMs, requestDatePst) = dates.forms(now)
      (originalPurchaseDate, originalPurchaseDateMs, originalPurchaseDatePst) = dates.forms(
        receipt.originalPurchaseDate ?? receipt.creationDate)
      originalApplicationVersion = receipt.originalApplicationVersion
      var entries: [LatestReceiptInfo] = []
      entries.reserveCapacity(receipt.inAppPurchases.count)
      for purchase in receipt.inAppPurchases { entries.append(LatestReceiptInfo(purchase, dates: &dates)) }
      inApp = entries
    }
  }
}
