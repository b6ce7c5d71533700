/// A receipt attribute type that the typed model reads and writes.
protocol ReceiptField: RawRepresentable<Int>, Hashable, CaseIterable {
  /// The field's name in Apple's documentation and verifyReceipt JSON, used in error reasons.
  var name: String { get }
}

/// The app-level attribute types `AppReceipt` types (Apple's Receipt Validation Programming Guide,
/// "Receipt Fields": App Receipt Fields).
enum AppReceiptField: Int, ReceiptField {
  case receiptType = 0
  case appItemId = 1
  case bundleId = 2
  case appVersion = 3
  case opaqueValue = 4
  case sha1Hash = 5
  case creationDate = 12
  case inAppPurchase = 17
  case originalPurchaseDate = 18
  case originalApplicationVersion = 19
  case expirationDate = 21

  var name: String {
    switch self {
    case .receiptType: "receipt_type"
    case .appItemId: "app_item_id"
    case .bundleId: "bundle_id"
    case .appVersion: "application_version"
    case .opaqueValue: "opaque_value"
    case .sha1Hash: "sha1_hash"
    case .creationDate: "receipt_creation_date"
    case .inAppPurchase: "in_app"
    case .originalPurchaseDate: "original_purchase_date"
    case .originalApplicationVersion: "original_application_version"
    case .expirationDate: "expiration_date"
    }
  }
}

/// The in-app purchase attribute types `InAppPurchaseReceipt` types (the same guide's In-App
/// Purchase Receipt Fields).
enum InAppPurchaseField: Int, ReceiptField {
  case quantity = 1701
  case productId = 1702
  case transactionId = 1703
  case purchaseDate = 1704
  case originalTransactionId = 1705
  case originalPurchaseDate = 1706
  case productType = 1707
  case expiresDate = 1708
  case webOrderLineItemId = 1711
  case cancellationDate = 1712
  case isTrialPeriod = 1713
  case isInIntroOfferPeriod = 1719
  case promotionalOfferId = 1721

  var name: String {
    switch self {
    case .quantity: "quantity"
    case .productId: "product_id"
    case .transactionId: "transaction_id"
    case .purchaseDate: "purchase_date"
    case .originalTransactionId: "original_transaction_id"
    case .originalPurchaseDate: "original_purchase_date"
    case .productType: "product_type"
    case .expiresDate: "expires_date"
    case .webOrderLineItemId: "web_order_line_item_id"
    case .cancellationDate: "cancellation_date"
    case .isTrialPeriod: "is_trial_period"
    case .isInIntroOfferPeriod: "is_in_intro_offer_period"
    case .promotionalOfferId: "promotional_offer_id"
    }
  }
}
