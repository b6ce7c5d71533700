import Catalog
import Foundation
import JSON
import Verifier
import Vocabulary

extension ResponseBody {
  /// One transaction of a verifyReceipt answer, in `latest_receipt_info` and in the receipt's
  /// `in_app`, which Apple documents with the same keys. Apple: `responseBody.Latest_receipt_info`.
  ///
  /// Keys are Apple's, in the order Apple writes them. Every value is a string, numbers and booleans
  /// too (`"1"`, `"false"`); each date comes three times (`KEY`, `KEY_ms`, `KEY_pst`; see
  /// ``AppleDate``). The identifiers, the purchase dates, `quantity` and `is_trial_period` are always
  /// there; the other keys belong to subscriptions, refunds, offers or `latest_receipt_info`, and may
  /// be missing.
  public struct LatestReceiptInfo: Codable, Hashable, Sendable, JSONObjectWritable {
    /// `quantity`: the number of items bought, `"1"` to `"10"`.
    public var quantity: String
    /// `product_id`: the product bought.
    public var productId: String
    /// `transaction_id`: the transaction's identifier.
    public var transactionId: String
    /// `original_transaction_id`: the identifier of the original purchase (the first period of a
    /// subscription).
    public var originalTransactionId: String
    /// `purchase_date`: when the App Store charged the account (or renewed, or restored).
    public var purchaseDate: String
    /// `purchase_date_ms`: the same, in milliseconds since 1970.
    public var purchaseDateMs: String
    /// `purchase_date_pst`: the same, in Pacific time.
    public var purchaseDatePst: String
    /// `original_purchase_date`: when the original purchase was made.
    public var originalPurchaseDate: String
    /// `original_purchase_date_ms`: the same, in milliseconds since 1970.
    public var originalPurchaseDateMs: String
    /// `original_purchase_date_pst`: the same, in Pacific time.
    public var originalPurchaseDatePst: String
    /// `expires_date`: when the subscription period ends.
    public var expiresDate: String?
    /// `expires_date_ms`: the same, in milliseconds since 1970.
    public var expiresDateMs: String?
    /// `expires_date_pst`: the same, in Pacific time.
    public var expiresDatePst: String?
    /// `web_order_line_item_id`: the subscription period's identifier.
    public var webOrderLineItemId: String?
    /// `is_trial_period`: `"true"` in a free-trial period, else `"false"`.
    public var isTrialPeriod: String
    /// `is_in_intro_offer_period`: `"true"` in an introductory-price period, else `"false"`;
    /// subscriptions only.
    public var isInIntroOfferPeriod: String?
    /// `cancellation_date`: when Apple refunded or revoked the transaction, or when an upgrade
    /// replaced it.
    public var cancellationDate: String?
    /// `cancellation_date_ms`: the same, in milliseconds since 1970.
    public var cancellationDateMs: String?
    /// `cancellation_date_pst`: the same, in Pacific time.
    public var cancellationDatePst: String?
    /// `cancellation_reason`: why Apple refunded: `"1"` an issue in the app, `"0"` another reason.
    public var cancellationReason: String?
    /// `is_upgraded`: `"true"` when the customer upgraded to another subscription of the group.
    public var isUpgraded: String?
    /// `promotional_offer_id`: the promotional offer redeemed.
    public var promotionalOfferId: String?
    /// `offer_code_ref_name`: the offer code's reference name, as redeemed.
    public var offerCodeRefName: String?
    /// `in_app_ownership_type`: `PURCHASED`, or `FAMILY_SHARED` for a family member's purchase.
    public var inAppOwnershipType: String?
    /// `subscription_group_identifier`: the subscription's group, a number.
    public var subscriptionGroupIdentifier: String?
    /// `app_account_token`: the UUID the app gave the purchase.
    public var appAccountToken: String?

    enum CodingKeys: String, CodingKey {
      case quantity
      case productId = "product_id"
      case transactionId = "transaction_id"
      case originalTransactionId = "original_transaction_id"
      case purchaseDate = "purchase_date"
      case purchaseDateMs = "purchase_date_ms"
      case purchaseDatePst = "purchase_date_pst"
      case originalPurchaseDate = "original_purchase_date"
      case originalPurchaseDateMs = "original_purchase_date_ms"
      case originalPurchaseDatePst = "original_purchase_date_pst"
      case expiresDate = "expires_date"
      case expiresDateMs = "expires_date_ms"
      case expiresDatePst = "expires_date_pst"
      case webOrderLineItemId = "web_order_line_item_id"
      case isTrialPeriod = "is_trial_period"
      case isInIntroOfferPeriod = "is_in_intro_offer_period"
      case cancellationDate = "cancellation_date"
      case cancellationDateMs = "cancellation_date_ms"
      case cancellationDatePst = "cancellation_date_pst"
      case cancellationReason = "cancellation_reason"
      case isUpgraded = "is_upgraded"
      case promotionalOfferId = "promotional_offer_id"
      case offerCodeRefName = "offer_code_ref_name"
      case inAppOwnershipType = "in_app_ownership_type"
      case subscriptionGroupIdentifier = "subscription_group_identifier"
      case appAccountToken = "app_account_token"
    }

    /// Writes the members in the order of Apple's answers: the one list that both
    /// ``ResponseBody/compactJSON()`` and `encode(to:)` write.
    ///
    /// - Parameter writer: The writer to write them to.
    /// - Throws: What the writer throws.
    public func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
      try writer.member(CodingKeys.quantity.rawValue, quantity)
      try writer.member(CodingKeys.productId.rawValue, productId)
      try writer.member(CodingKeys.transactionId.rawValue, transactionId)
      try writer.member(CodingKeys.originalTransactionId.rawValue, originalTransactionId)
      try writer.member(CodingKeys.purchaseDate.rawValue, purchaseDate)
      try writer.member(CodingKeys.purchaseDateMs.rawValue, purchaseDateMs)
      try writer.member(CodingKeys.purchaseDatePst.rawValue, purchaseDatePst)
      try writer.member(CodingKeys.originalPurchaseDate.rawValue, originalPurchaseDate)
      try writer.member(CodingKeys.originalPurchaseDateMs.rawValue, originalPurchaseDateMs)
      try writer.member(CodingKeys.originalPurchaseDatePst.rawValue, originalPurchaseDatePst)
      try writer.member(CodingKeys.expiresDate.rawValue, expiresDate)
      try writer.member(CodingKeys.expiresDateMs.rawValue, expiresDateMs)
      try writer.member(CodingKeys.expiresDatePst.rawValue, expiresDatePst)
      try writer.member(CodingKeys.webOrderLineItemId.rawValue, webOrderLineItemId)
      try writer.member(CodingKeys.isTrialPeriod.rawValue, isTrialPeriod)
      try writer.member(CodingKeys.isInIntroOfferPeriod.rawValue, isInIntroOfferPeriod)
      try writer.member(CodingKeys.cancellationDate.rawValue, cancellationDate)
      try writer.member(CodingKeys.cancellationDateMs.rawValue, cancellationDateMs)
      try writer.member(CodingKeys.cancellationDatePst.rawValue, cancellationDatePst)
      try writer.member(CodingKeys.cancellationReason.rawValue, cancellationReason)
      try writer.member(CodingKeys.isUpgraded.rawValue, isUpgraded)
      try writer.member(CodingKeys.promotionalOfferId.rawValue, promotionalOfferId)
      try writer.member(CodingKeys.offerCodeRefName.rawValue, offerCodeRefName)
      try writer.member(CodingKeys.inAppOwnershipType.rawValue, inAppOwnershipType)
      try writer.member(CodingKeys.subscriptionGroupIdentifier.rawValue, subscriptionGroupIdentifier)
      try writer.member(CodingKeys.appAccountToken.rawValue, appAccountToken)
    }

    /// The `in_app` entry for a receipt's in-app purchase: what the receipt itself says, nothing
    /// that only `latest_receipt_info` has. `is_in_intro_offer_period` is there for subscriptions
    /// only.
    ///
    /// - Parameter entry: The in-app purchase (attribute 17) of the receipt.
    init(_ entry: InAppPurchaseReceipt) {
      var dates = AppleDate.Memo()
      self.init(entry, dates: &dates)
    }

    /// ``init(_:)``, with dates made once for a whole answer.
    ///
    /// - Parameters:
    ///   - entry: The in-app purchase (attribute 17) of the receipt.
    ///   - dates: The answer's dates.
    init(_ entry: InAppPurchaseReceipt, dates: inout AppleDate.Memo) {
      quantity = String(entry.quantity)
      productId = entry.productId
      transactionId = entry.transactionId
      originalTransactionId = entry.originalTransactionId
      (purchaseDate, purchaseDateMs, purchaseDatePst) = dates.forms(entry.purchaseDate)
      (originalPurchaseDate, originalPurchaseDateMs, originalPurchaseDatePst) = dates.forms(
        entry.originalPurchaseDate)
      (expiresDate, expiresDateMs, expiresDatePst) = dates.forms(entry.expiresDate)
      webOrderLineItemId = entry.webOrderLineItemId.map(String.init)
      isTrialPeriod = String(entry.isTrialPeriod == true)
      isInIntroOfferPeriod =
        entry.productType == ProductType.autoRenewable.receiptCode
        ? String(entry.isInIntroOfferPeriod == true) : nil
      (cancellationDate, cancellationDateMs, cancellationDatePst) = dates.forms(entry.cancellationDate)
      promotionalOfferId = entry.promotionalOfferId
      cancellationReason = nil
      isUpgraded = nil
      offerCodeRefName = nil
      inAppOwnershipType = nil
      subscriptionGroupIdentifier = nil
      appAccountToken = nil
    }
  }
}
