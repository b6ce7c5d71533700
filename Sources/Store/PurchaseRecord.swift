import Catalog
import Foundation
import Vocabulary

/// One entry of an account's purchase history on Apple's side: a charge, a free re-download or a
/// subscription renewal, with Apple-shaped identifiers and dates.
///
/// Identifiers are kept as numbers (sixteen digits, as Apple's) and shown as strings, so that a
/// million renewals cost no string allocations.
public struct PurchaseRecord: Hashable, Sendable {
  /// Why the entry exists.
  public enum Reason: String, CaseIterable, Hashable, Sendable {
    /// The customer bought it.
    case purchase
    /// The customer bought a non-consumable they already owned, or a subscription they already
    /// have: no charge.
    case redownload
    /// An auto-renewable subscription renewed.
    case renewal
    /// A family member's purchase, shared through Family Sharing: no charge.
    case familyShare
  }

  /// Why Apple refunded a purchase (`cancellation_reason`, JWS `revocationReason`).
  public enum CancellationReason: Int, CaseIterable, Hashable, Sendable {
    /// For another reason, such as an accidental purchase.
    case other = 0
    /// Because of an actual or perceived issue within the app.
    case appIssue = 1
  }

  /// The transaction identifier as a number.
  public var transactionNumber: UInt64
  /// The first purchase this one continues (itself for a first purchase).
  public var originalTransactionNumber: UInt64
  /// The product bought.
  public var productId: String
  /// Its type when bought.
  public var productType: ProductType
  /// How many (1 to 10).
  public var quantity: Int
  /// When it was bought or renewed.
  public var purchaseDate: Date
  /// When the original purchase was made.
  public var originalPurchaseDate: Date
  /// What was charged in all (unit price × quantity); zero for a re-download or a free trial.
  public var charged: Price
  /// The storefront it was bought in.
  public var storefront: String
  /// Why the entry exists.
  public var reason: Reason
  /// For auto-renewable subscriptions: when this period ends.
  public var expiresDate: Date?
  /// For auto-renewable subscriptions: the billing period's identifier.
  public var webOrderLineItemNumber: UInt64?
  /// Whether this period is a free trial.
  public var isTrialPeriod = false
  /// Whether this period is in an introductory offer (trial or paid).
  public var isInIntroOfferPeriod = false
  /// Facts most records never have, kept out of line so that a million renewals stay small.
  private var box: Box?

  /// Heap storage for ``Extras``: an indirect case is a pointer, and a new box on every change
  /// keeps value semantics.
  private indirect enum Box: Hashable, Sendable {
    case extras(Extras)
  }

  private struct Extras: Hashable, Sendable {
    var offer: OfferReference?
    var cancellationDate: Date?
    var cancellationReason: CancellationReason?
    var isUpgraded = false
    var refunded: Price?
    var sharedFrom: UInt64?
    var isPriceAssumed = false
    var billingPlan: BillingPlan.Kind?
    var commitment: Commitment?
  }

  private subscript<Value>(extra path: WritableKeyPath<Extras, Value>, default value: Value) -> Value {
    get {
      guard case .extras(let extras) = box else { return value }
      return extras[keyPath: path]
    }
    set {
      var extras = Extras()
      if case .extras(let current) = box { extras = current }
      extras[keyPath: path] = newValue
      box = .extras(extras)
    }
  }

  /// The offer with an identifier this period is in (promotional, offer code or win-back), if any;
  /// introductory offers are told by ``isTrialPeriod`` and ``isInIntroOfferPeriod``.
  public var offer: OfferReference? {
    get { self[extra: \.offer, default: nil] }
    set { self[extra: \.offer, default: nil] = newValue }
  }
  /// The promotional offer redeemed for this period, if any.
  public var promotionalOfferId: String? {
    get { offer?.kind == .promotional ? offer?.id : nil }
    set { offer = newValue.map { OfferReference(kind: .promotional, id: $0) } }
  }
  /// The reference name of the offer code redeemed for this period, if any (`offer_code_ref_name`).
  public var offerCodeRefName: String? { offer?.kind == .code ? offer?.id : nil }
  /// The kind of offer this period is in (the signed transaction's `offerType`), if any.
  public var offerKind: Offer.Kind? {
    offer?.kind ?? (isTrialPeriod || isInIntroOfferPeriod ? .introductory : nil)
  }
  /// When Apple refunded it, or when an upgrade replaced it.
  public var cancellationDate: Date? {
    get { self[extra: \.cancellationDate, default: nil] }
    set { self[extra: \.cancellationDate, default: nil] = newValue }
  }
  /// Why it was refunded.
  public var cancellationReason: CancellationReason? {
    get { self[extra: \.cancellationReason, default: nil] }
    set { self[extra: \.cancellationReason, default: nil] = newValue }
  }
  /// Whether an upgrade to a higher level replaced it.
  public var isUpgraded: Bool {
    get { self[extra: \.isUpgraded, default: false] }
    set { self[extra: \.isUpgraded, default: false] = newValue }
  }
  /// How much was given back.
  public var refunded: Price? {
    get { self[extra: \.refunded, default: nil] }
    set { self[extra: \.refunded, default: nil] = newValue }
  }

  /// Whether ``charged`` (and what an upgrade or a refund gave back of it) is an assumption:
  /// imported data showed no price (receipts and verifyReceipt answers never do), so the catalog's
  /// was taken. Records the store charged itself, or whose data showed a price, know theirs.
  public var isPriceAssumed: Bool {
    get { self[extra: \.isPriceAssumed, default: false] }
    set { self[extra: \.isPriceAssumed, default: false] = newValue }
  }

  /// The billing plan the subscription period was bought or renewed under (the signed transaction's
  /// `billingPlanType`), for a product bought with one of its billing plans.
  public var billingPlan: BillingPlan.Kind? {
    get { self[extra: \.billingPlan, default: nil] }
    set { self[extra: \.billingPlan, default: nil] = newValue }
  }

  /// The period's place in a commitment billed monthly (the signed transaction's `commitmentInfo`).
  public var commitment: Commitment? {
    get { self[extra: \.commitment, default: nil] }
    set { self[extra: \.commitment, default: nil] = newValue }
  }

  /// How `history`, imports and exported scripts mark an assumed price.
  public static let assumedPriceWords = "price unknown, the catalog's assumed"

  /// For a family-shared record, the purchaser's transaction it mirrors.
  public var sharedFromTransactionNumber: UInt64? {
    get { self[extra: \.sharedFrom, default: nil] }
    set { self[extra: \.sharedFrom, default: nil] = newValue }
  }

  /// Whether the customer bought it or a family member shared it (`in_app_ownership_type`).
  public var isFamilyShared: Bool { sharedFromTransactionNumber != nil }

  /// Creates a record.
  public init(
    transactionNumber: UInt64, originalTransactionNumber: UInt64, productId: String, productType: ProductType,
    quantity: Int, purchaseDate: Date, originalPurchaseDate: Date, charged: Price, storefront: String,
    reason: Reason
  ) {
    self.transactionNumber = transactionNumber
    self.originalTransactionNumber = originalTransactionNumber
    self.productId = productId
    self.productType = productType
    self.quantity = quantity
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.charged = charged
    self.storefront = storefront
    self.reason = reason
  }

  /// The transaction identifier, such as `2000000000000001`.
  public var transactionId: String { String(transactionNumber) }
  /// The original transaction identifier.
  public var originalTransactionId: String { String(originalTransactionNumber) }
  /// The web order line item identifier, for subscription periods.
  public var webOrderLineItemId: String? { webOrderLineItemNumber.map { String($0) } }
  /// Whether Apple refunded it (or an upgrade cancelled it).
  public var isCancelled: Bool { cancellationDate != nil }

  /// What an upgrade at `date` gives back of this period's charge: the unused share of it, by
  /// time, rounded to the cent.
  ///
  /// - Parameter date: When the upgrade replaced the period.
  /// - Returns: The refund, in the charge's currency.
  public func unusedShare(at date: Date) -> Price {
    let end = expiresDate ?? date
    let total = end.timeIntervalSince(purchaseDate)
    let unused = max(0, end.timeIntervalSince(date))
    var share = total > 0 ? charged.amount * Decimal(unused / total) : 0
    var rounded = Decimal()
    NSDecimalRound(&rounded, &share, 2, .plain)
    return Price(amount: rounded, currency: charged.currency)
  }
}
