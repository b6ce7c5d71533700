import ArgumentParser
import Catalog
import Foundation
import Simulation
import Store
import Vocabulary

extension PurchaseRecord.Reason: ExpressibleByArgument {}

/// `import transaction PRODUCT ID --purchased DATE …`: one transaction with its own identifiers and
/// dates, as a receipt entry or a signed transaction shows it.
struct ImportTransactionCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "transaction",
    abstract: "State one of the customer's transactions, with its own id and dates.",
    discussion: """
      Omitted facts are unknown: --original-id is the transaction id, --original-purchased the purchase \
      date, --quantity 1, the type the catalog's (auto-renewable with --expires for a new product). \
      Dates are UTC, such as 2024-01-05T10:00:00Z or 2024-01-05T10:00:00.123Z.
      """)

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case consumable
    case nonConsumable = "non-consumable"
    case autoRenewable = "auto-renewable"
    case nonRenewing = "non-renewing"

    var productType: ProductType {
      switch self {
      case .consumable: .consumable
      case .nonConsumable: .nonConsumable
      case .autoRenewable: .autoRenewable
      case .nonRenewing: .nonRenewing
      }
    }
  }

  @Argument(help: "The product identifier.", completion: .session(.products))
  var product: String
  @Argument(help: "The transaction id (digits).")
  var id: UInt64
  @Option(help: "purchase_date.")
  var purchased: FactDate
  @Option(help: "original_transaction_id (default: the transaction id).")
  var originalId: UInt64?
  @Option(help: "original_purchase_date (default: the purchase date).")
  var originalPurchased: FactDate?
  @Option(help: "expires_date, for an auto-renewable subscription.")
  var expires: FactDate?
  @Option(help: "quantity (1 to 10).")
  var quantity: Int = 1
  @Option(help: "web_order_line_item_id.")
  var webOrderLineItem: UInt64?
  @Flag(help: "is_trial_period.")
  var trial = false
  @Flag(help: "is_in_intro_offer_period.")
  var intro = false
  @Option(help: "promotional_offer_id.", completion: .session(.offers))
  var offer: String?
  @Option(help: "cancellation_date: Apple refunded it then.")
  var revoked: FactDate?
  @Option(help: "cancellation_reason: 0 other, 1 an issue in the app.", completion: .list(["0", "1"]))
  var revocationReason: Int?
  @Flag(help: "An upgrade replaced it.")
  var upgraded = false
  @Option(help: "The product's type, for a product the catalog lacks.")
  var type: Kind?
  @Option(help: "subscription_group_identifier, for a product the catalog lacks.")
  var group: String?
  @Option(help: "appAccountToken (a UUID).")
  var appAccountToken: String?
  @Option(help: "The storefront, such as USA.", completion: .session(.storefronts))
  var storefront: String?
  @Option(help: "What was paid, in milliunits of --currency (JWS price).")
  var price: Int64?
  @Option(help: "The currency of --price (ISO 4217).")
  var currency: String?
  @Flag(help: "It came through Family Sharing (FAMILY_SHARED).")
  var familyShared = false
  @Option(
    help: ArgumentHelp(
      "Why the entry exists: purchase, renewal, redownload or familyShare.",
      discussion:
        "Default: purchase for an original transaction, else renewal for a subscription, redownload otherwise."
    ))
  var reason: PurchaseRecord.Reason?

  func validate() throws {
    try requireNonEmpty(product, "the product id")
    try require(quantity, in: 1...10, "--quantity")
    if let price { try require(price, atLeast: 0, "--price") }
    try requireNonEmpty(offer, "--offer")
    try requireNonEmpty(group, "--group")
    try requireNonEmpty(storefront, "--storefront")
    if let revocationReason, PurchaseRecord.CancellationReason(rawValue: revocationReason) == nil {
      throw ValidationError("--revocation-reason \(revocationReason) is not 0 (other) or 1 (app issue)")
    }
    if revocationReason != nil && revoked == nil {
      throw ValidationError("--revocation-reason needs --revoked")
    }
    if (price == nil) != (currency == nil) { throw ValidationError("--price and --currency go together") }
    if let appAccountToken, UUID(uuidString: appAccountToken) == nil {
      throw ValidationError("--app-account-token \(appAccountToken) is not a UUID")
    }
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    let original = originalId ?? id
    var transaction = CustomerTransaction(
      transactionNumber: id, originalTransactionNumber: original, productId: product, quantity: quantity,
      purchaseDate: purchased.date,
      originalPurchaseDate: originalPurchased?.date ?? knownOriginalPurchaseDate(of: original, in: session)
        ?? purchased.date)
    transaction.productType = type?.productType
    transaction.expiresDate = expires?.date
    transaction.webOrderLineItemNumber = webOrderLineItem
    transaction.isTrialPeriod = trial
    transaction.isInIntroOfferPeriod = intro
    transaction.promotionalOfferId = offer
    transaction.cancellationDate = revoked?.date
    transaction.cancellationReason = revocationReason.flatMap(
      PurchaseRecord.CancellationReason.init(rawValue:))
    transaction.isUpgraded = upgraded
    transaction.subscriptionGroup = group
    transaction.appAccountToken = appAccountToken.flatMap(UUID.init(uuidString:))
    transaction.storefront = storefront
    transaction.priceMilliunits = price
    transaction.currency = currency
    transaction.isFamilyShared = familyShared
    transaction.reason = reason
    var data = CustomerData(source: "import transaction \(id)")
    data.transactions = [transaction]
    let held = try session.account.index(ofTransaction: id) != nil
    try session.importFact(
      data, prefer: nil, summary: "transaction \(id) \(product): \(held ? "merged" : "new")")
  }

  /// When the original purchase was made, as the world knows it: the date the world holds for
  /// this transaction, else the purchase date of its original transaction.
  private func knownOriginalPurchaseDate(of original: UInt64, in session: Session) -> Date? {
    guard let account = session.device.queue.account else { return nil }
    if let index = account.index(ofTransaction: id) { return account.history[index].originalPurchaseDate }
    return account.index(ofTransaction: original).map { account.history[$0].purchaseDate }
  }
}
