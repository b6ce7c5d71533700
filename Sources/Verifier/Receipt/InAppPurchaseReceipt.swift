import Foundation

/// One in-app purchase of an app receipt: the contents of one attribute 17.
///
/// Attribute numbers follow Apple's Receipt Validation Programming Guide, "Receipt Fields" (In-App
/// Purchase Receipt Fields):
///
/// ```
/// InAppPurchaseReceipt ::= SET OF ReceiptAttribute  -- types:
///   1701 quantity                  INTEGER
///   1702 product_id                UTF8String
///   1703 transaction_id            UTF8String
///   1704 purchase_date             IA5String
///   1705 original_transaction_id   UTF8String
///   1706 original_purchase_date    IA5String
///   1707 product_type              INTEGER  (0 non-consumable, 1 consumable, 2 non-renewing, 3 auto-renewable)
///   1708 expires_date              IA5String
///   1711 web_order_line_item_id    INTEGER
///   1712 cancellation_date         IA5String (empty when not cancelled)
///   1713 is_trial_period           INTEGER 0/1
///   1719 is_in_intro_offer_period  INTEGER 0/1
///   1721 promotional_offer_id      UTF8String
/// ```
///
/// Attributes of other types (1709, 1710, 1714–1718, 1722, …) are kept in `additionalAttributes`.
/// `cancellation_reason` has no known attribute number (it exists only in verifyReceipt JSON), so it
/// is not part of this model. Dates are whole seconds on the wire.
public struct InAppPurchaseReceipt: Hashable, Sendable, Codable {
  /// The number of items purchased (1701).
  public var quantity: Int
  /// The product identifier (1702).
  public var productId: String
  /// The transaction identifier (1703).
  public var transactionId: String
  /// The original transaction identifier (1705).
  public var originalTransactionId: String
  /// When the transaction happened (1704).
  public var purchaseDate: Date
  /// When the original transaction happened (1706).
  public var originalPurchaseDate: Date
  /// The product type (1707): 0 non-consumable, 1 consumable, 2 non-renewing, 3 auto-renewable.
  public var productType: Int?
  /// When the subscription period expires (1708).
  public var expiresDate: Date?
  /// The subscription period's web order line item id (1711).
  public var webOrderLineItemId: Int?
  /// When Apple support or a refund cancelled the transaction (1712).
  public var cancellationDate: Date?
  /// Whether the period is a free trial (1713).
  public var isTrialPeriod: Bool?
  /// Whether the period is an introductory price period (1719).
  public var isInIntroOfferPeriod: Bool?
  /// The promotional offer redeemed (1721).
  public var promotionalOfferId: String?
  /// Attributes without a typed field here, in wire form; written back as they are.
  public var additionalAttributes: [ReceiptAttribute]

  /// Creates an in-app purchase entry.
  ///
  /// - Parameters:
  ///   - quantity: Items purchased.
  ///   - productId: The product identifier.
  ///   - transactionId: The transaction identifier.
  ///   - originalTransactionId: The original transaction identifier.
  ///   - purchaseDate: When the transaction happened.
  ///   - originalPurchaseDate: When the original transaction happened.
  ///   - productType: 0 non-consumable, 1 consumable, 2 non-renewing, 3 auto-renewable.
  ///   - expiresDate: Subscription expiry.
  ///   - webOrderLineItemId: Subscription period id.
  ///   - cancellationDate: Refund or cancellation date.
  ///   - isTrialPeriod: Free-trial period flag.
  ///   - isInIntroOfferPeriod: Introductory-price period flag.
  ///   - promotionalOfferId: Promotional offer redeemed.
  ///   - additionalAttributes: Untyped attributes to write as they are.
  public init(
    quantity: Int, productId: String, transactionId: String, originalTransactionId: String,
    purchaseDate: Date, originalPurchaseDate: Date, productType: Int? = nil, expiresDate: Date? = nil,
    webOrderLineItemId: Int? = nil, cancellationDate: Date? = nil, isTrialPeriod: Bool? = nil,
    isInIntroOfferPeriod: Bool? = nil, promotionalOfferId: String? = nil,
    additionalAttributes: [ReceiptAttribute] = []
  ) {
    self.quantity = quantity
    self.productId = productId
    self.transactionId = transactionId
    self.originalTransactionId = originalTransactionId
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.productType = productType
    self.expiresDate = expiresDate
    self.webOrderLineItemId = webOrderLineItemId
    self.cancellationDate = cancellationDate
    self.isTrialPeriod = isTrialPeriod
    self.isInIntroOfferPeriod = isInIntroOfferPeriod
    self.promotionalOfferId = promotionalOfferId
    self.additionalAttributes = additionalAttributes
  }
}

extension InAppPurchaseReceipt {
  /// Reads an entry from the attributes of one attribute 17.
  init(attributes: [WireAttribute], level: ReceiptLevel) throws(VerificationFailure) {
    let reader = try ReceiptAttributeReader<InAppPurchaseField>(attributes, level: level)
    self.init(
      quantity: try reader.required(.quantity, ReceiptValue.integer),
      productId: try reader.required(.productId, ReceiptValue.utf8String),
      transactionId: try reader.required(.transactionId, ReceiptValue.utf8String),
      originalTransactionId: try reader.required(.originalTransactionId, ReceiptValue.utf8String),
      purchaseDate: try reader.requiredDate(.purchaseDate),
      originalPurchaseDate: try reader.requiredDate(.originalPurchaseDate),
      productType: try reader.optional(.productType, ReceiptValue.integer),
      expiresDate: try reader.optionalDate(.expiresDate),
      webOrderLineItemId: try reader.optional(.webOrderLineItemId, ReceiptValue.integer),
      cancellationDate: try reader.optionalDate(.cancellationDate),
      isTrialPeriod: try reader.optional(.isTrialPeriod, ReceiptValue.boolean),
      isInIntroOfferPeriod: try reader.optional(.isInIntroOfferPeriod, ReceiptValue.boolean),
      promotionalOfferId: try reader.optional(.promotionalOfferId, ReceiptValue.utf8String),
      additionalAttributes: reader.untyped)
  }

  /// The entry's DER `SET OF ReceiptAttribute`, the value of its attribute 17.
  func encoded() throws(SigningError) -> [UInt8] {
    var writer = ReceiptAttributeWriter<InAppPurchaseField>()
    writer.integer(.quantity, quantity)
    writer.string(.productId, productId)
    writer.string(.transactionId, transactionId)
    try writer.date(.purchaseDate, purchaseDate)
    writer.string(.originalTransactionId, originalTransactionId)
    try writer.date(.originalPurchaseDate, originalPurchaseDate)
    writer.integer(.productType, productType)
    try writer.date(.expiresDate, expiresDate)
    writer.integer(.webOrderLineItemId, webOrderLineItemId)
    try writer.date(.cancellationDate, cancellationDate)
    writer.boolean(.isTrialPeriod, isTrialPeriod)
    writer.boolean(.isInIntroOfferPeriod, isInIntroOfferPeriod)
    writer.string(.promotionalOfferId, promotionalOfferId)
    writer.untyped(additionalAttributes)
    return writer.encoded()
  }
}
