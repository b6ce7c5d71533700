import Catalog
import Foundation
import Vocabulary

/// Apple's side of the world: the catalog, the accounts and their purchase histories, the virtual
/// clock and what is due on it, the storefront, the subscription engine. A pure model: no I/O, and
/// time is only what its clock says.
public final class Store {
  /// The products on sale.
  public internal(set) var catalog: Catalog
  /// The virtual clock.
  public internal(set) var clock: VirtualClock
  /// Where the store reports what it does.
  public let log: EventLog
  /// The storefront purchases are made in.
  public internal(set) var storefront: Storefront
  /// The locale product titles are shown in.
  public var locale: String
  /// How long subscription periods last.
  public var timeRate = TimeRate.real
  /// While on, renewals fail for billing reasons and subscriptions enter billing retry.
  public var isBillingRetryOn = false
  /// The billing grace period in days (3, 16 or 28 as App Store Connect offers), or `nil` when off.
  public var gracePeriodDays: Int?
  /// Ask to Buy: new purchases wait for a parent's approval (`deferred`).
  public var isAskToBuyOn = false
  /// Whether a declined Ask to Buy request reaches the app as `failed` (documented) or not at all
  /// (as widely seen on devices).
  public var isAskToBuyDeclineSilent = false
  /// Interrupted purchases: a purchase first fails until the customer resolves the issue.
  public var isInterruptedPurchasesOn = false
  /// Errors armed for upcoming calls.
  public var faults = FaultPlan()
  /// Streamlined Purchasing (App Store Connect, on by default): a win-back offer redeemed outside
  /// the app completes there; off, the app gets a purchase intent and completes it.
  public var isStreamlinedPurchasingOn = true
  /// The offer codes made so far, and the catalog's custom codes once first redeemed or listed.
  public var offerCodes = OfferCodeBook()
  /// In-app refund requests waiting for Apple's decision, by transaction.
  public internal(set) var refundRequests: [UInt64: RefundRequest] = [:]
  /// Who hears renewals and revocations.
  public weak var listener: (any StoreListener)?
  /// What happened to purchases that their records do not keep, oldest first (for the timeline).
  public internal(set) var milestones: [Milestone] = []
  var scheduler = Scheduler<ScheduledEvent>()
  var priceOverrides: [String: Decimal] = [:]
  var family: [String] = []
  var accounts: [String: Account] = [:]
  /// Which account holds each transaction, by name (a deleted account's entries lead nowhere).
  var transactionOwners: [UInt64: String] = [:]
  var transactionIds: TransactionIdentifierGenerator
  var webOrderLineItemIds: TransactionIdentifierGenerator
  /// App download transactions, one per account in the order accounts were added: eighteen digits,
  /// as Apple's `appTransactionId`s (such as `705112900223860089`), far from transaction ids.
  var appTransactionIds: TransactionIdentifierGenerator
  /// Which account each app download transaction belongs to, by name.
  var appTransactionOwners: [UInt64: String] = [:]

  /// The first account's app download transaction (`default` in a new world).
  public static let firstAppTransactionNumber: UInt64 = 705_000_000_000_000_001

  /// Creates a store over a catalog, with one account named `default`, its switches set as the
  /// catalog's StoreKit settings say (``StoreKitSettingsPlan``).
  ///
  /// - Parameters:
  ///   - firstTransactionNumber: the first transaction identifier the store gives.
  ///   - firstWebOrderLineItemNumber: the first web order line item identifier it gives.
  ///   - firstAppTransactionNumber: the first app download transaction (`appTransactionId`) it gives.
  public init(
    catalog: Catalog, log: EventLog, clock: VirtualClock = VirtualClock(),
    firstTransactionNumber: UInt64 = TransactionIdentifierGenerator.firstTransactionNumber,
    firstWebOrderLineItemNumber: UInt64 = TransactionIdentifierGenerator.firstWebOrderLineItemNumber,
    firstAppTransactionNumber: UInt64 = Store.firstAppTransactionNumber
  ) {
    transactionIds = TransactionIdentifierGenerator(first: firstTransactionNumber)
    webOrderLineItemIds = TransactionIdentifierGenerator(first: firstWebOrderLineItemNumber)
    appTransactionIds = TransactionIdentifierGenerator(first: firstAppTransactionNumber)
    self.catalog = catalog
    self.log = log
    self.clock = clock
    self.storefront = catalog.baseStorefront
    self.locale = catalog.baseStorefront.defaultLocale
    accounts["default"] = downloaded(Account(name: "default"))
    apply(StoreKitSettingsPlan(catalog: catalog))
  }

  /// An account whose appended records the store indexes by transaction number.
  func indexed(_ account: Account) -> Account {
    let name = account.name
    account.didAppend = { [unowned self] number in self.transactionOwners[number] = name }
    appTransactionOwners[account.appTransactionNumber] = name
    return account
  }

  /// A new account, indexed, with the app downloaded: its app download transaction is the next one.
  private func downloaded(_ account: Account) -> Account {
    account.appTransactionNumber = appTransactionIds.make()
    return indexed(account)
  }

  /// The account with this name, if it exists.
  public func account(named name: String) -> Account? { accounts[name] }

  /// Adds an account (for scale tests and several customers).
  ///
  /// - Throws: ``StoreError`` when the name is taken.
  @discardableResult
  public func addAccount(named name: String) throws(StoreError) -> Account {
    guard accounts[name] == nil else {
      throw StoreError(.conflict, "an account named \(name) exists already")
    }
    let account = downloaded(Account(name: name))
    accounts[name] = account
    return account
  }

  /// Gives an account a customer's app download transaction (an import's `appTransactionId`),
  /// which no other account holds; accounts added later get numbers after it.
  public func adoptAppTransaction(_ number: UInt64, for account: Account) {
    appTransactionOwners[account.appTransactionNumber] = nil
    account.appTransactionNumber = number
    appTransactionOwners[number] = account.name
    if appTransactionIds.upcoming <= number {
      appTransactionIds = TransactionIdentifierGenerator(first: number + 1)
    }
  }

  /// The account whose app download transaction this is (`appTransactionId`), found through an index.
  public func account(holdingAppTransaction number: UInt64) -> Account? {
    guard let account = appTransactionOwners[number].flatMap({ accounts[$0] }),
      account.appTransactionNumber == number
    else { return nil }
    return account
  }

  /// The account whose history holds a transaction, found through an index.
  public func account(holdingTransaction number: UInt64) -> Account? {
    guard let account = transactionOwners[number].flatMap({ accounts[$0] }),
      account.index(ofTransaction: number) != nil
    else { return nil }
    return account
  }

  /// Every account, by name.
  public var allAccounts: [Account] { accounts.keys.sorted().compactMap { accounts[$0] } }

  /// Deletes an account: Apple no longer knows its purchases (verifyReceipt answers 21010).
  ///
  /// - Throws: ``StoreError`` for an unknown account.
  public func deleteAccount(named name: String) throws(StoreError) {
    guard accounts.removeValue(forKey: name) != nil else {
      throw StoreError(.notFound, "no account named \(name)")
    }
    family.removeAll { $0 == name }
    report("accountDeleted", "\(name): Apple no longer knows its purchases")
  }

  /// Whether any purchase has been made by any account.
  public var hasHistory: Bool { accounts.values.contains { !$0.history.isEmpty } }

  /// Replaces the catalog, which is allowed only while no account has bought anything, and applies
  /// its StoreKit settings (``StoreKitSettingsPlan``).
  ///
  /// - Throws: ``StoreError`` once purchases exist.
  public func replaceCatalog(with catalog: Catalog) throws(StoreError) {
    guard !hasHistory else {
      throw StoreError(
        .notAllowed, "cannot change the catalog after purchases were made: load it at the start of the script"
      )
    }
    self.catalog = catalog
    self.storefront = catalog.baseStorefront
    self.locale = catalog.baseStorefront.defaultLocale
    apply(StoreKitSettingsPlan(catalog: catalog))
  }

  /// Changes the storefront.
  ///
  /// - Throws: ``StoreError`` for a storefront neither built in nor declared by the catalog.
  public func setStorefront(_ id: String) throws(StoreError) {
    guard let storefront = catalog.storefront(id) else {
      let known = (catalog.storefronts + Storefront.known).map(\.id).joined(separator: ", ")
      throw StoreError(.notFound, "unknown storefront \(id) (known: \(known))")
    }
    self.storefront = storefront
  }

  /// Answers a products request like `SKProductsRequest`: with no identifiers, the whole catalog.
  public func productsRequest(_ identifiers: [String]) -> ProductsResponse {
    let asked = identifiers.isEmpty ? catalog.products.map(\.id) : identifiers
    var response = ProductsResponse(products: [], invalidProductIdentifiers: [])
    for id in asked {
      guard let product = catalog.product(id) else {
        response.invalidProductIdentifiers.append((id, .unknown))
        continue
      }
      guard product.isClearedForSale else {
        response.invalidProductIdentifiers.append((id, .notClearedForSale))
        continue
      }
      response.products.append(product)
    }
    return response
  }

  /// What a product costs in the current storefront, price increases included.
  public func price(of product: Product) -> Price {
    let price = catalog.price(of: product, in: storefront)
    guard let override = priceOverrides[product.id] else { return price }
    return Price(amount: override, currency: price.currency)
  }

  /// A new transaction identifier.
  public func makeTransactionNumber() -> UInt64 {
    transactionIds.make()
  }

  func makeWebOrderLineItemNumber() -> UInt64 {
    webOrderLineItemIds.make()
  }

  /// Charges an account for a payment and records it in the account's history. Buying an owned
  /// non-consumable records a free re-download of the original purchase; auto-renewable
  /// subscriptions follow their group's rules (see `Store+Subscriptions`).
  ///
  /// - Parameters:
  ///   - offerId: a promotional offer to redeem, for auto-renewable subscriptions.
  ///   - introductoryOffer: whether the customer may have the introductory offer, when the
  ///     developer's signed eligibility says so; `nil` follows the App Store's own rule.
  ///   - winBackOfferId: a win-back offer to redeem, for a churned subscriber.
  ///   - billingPlan: the billing plan chosen for an auto-renewable subscription (StoreKit 2's
  ///     `billingPlanType(_:)`), `nil` for the regular one.
  /// - Returns: the history entry, or the StoreKit error the payment fails with.
  public func charge(
    productId: String, quantity: Int, account: Account, offerId: String? = nil,
    introductoryOffer: Bool? = nil,
    winBackOfferId: String? = nil, billingPlan: BillingPlan.Kind? = nil
  ) -> Result<PurchaseRecord, SKErrorCode> {
    guard let product = catalog.product(productId) else {
      report("paymentInvalid", "\(productId) is not a product of this app")
      return .failure(.paymentInvalid)
    }
    guard product.isClearedForSale else { return .failure(.storeProductNotAvailable) }
    if product.type == .autoRenewable {
      if let winBackOfferId {
        return purchaseWinBack(winBackOfferId, of: product, account: account)
      }
      return purchaseSubscription(
        product, account: account, offerId: offerId, introductoryOffer: introductoryOffer,
        billingPlan: billingPlan)
    }
    guard offerId == nil, winBackOfferId == nil else { return .failure(.invalidOfferIdentifier) }
    guard billingPlan == nil else {
      report(
        "billingPlanRefused", "\(productId) is not an auto-renewable subscription: it has no billing plan")
      return .failure(.paymentInvalid)
    }
    if product.type == .nonConsumable, let owned = account.ownedPurchase(of: productId) {
      return .success(redownload(of: owned, quantity: quantity, account: account))
    }
    return .success(chargeOnce(product, quantity: quantity, account: account))
  }

  /// Charges for a product that does not renew, at its price or an offer's (`ONE_TIME_CHARGE`),
  /// now or at `date` for a backdated purchase.
  func chargeOnce(
    _ product: Product, quantity: Int = 1, price offerPrice: Decimal? = nil, offer: OfferReference? = nil,
    account: Account, at date: Date? = nil
  ) -> PurchaseRecord {
    let unit = price(of: product)
    let number = makeTransactionNumber()
    let purchaseDate = date ?? clock.now
    var record = PurchaseRecord(
      transactionNumber: number, originalTransactionNumber: number, productId: product.id,
      productType: product.type,
      quantity: quantity, purchaseDate: purchaseDate, originalPurchaseDate: purchaseDate,
      charged: Price(amount: (offerPrice ?? unit.amount) * Decimal(quantity), currency: unit.currency),
      storefront: storefront.id,
      reason: .purchase)
    record.offer = offer
    account.append(record)
    logCharge(record, account: account)
    publish(.oneTimeCharge, account: account, transactionNumber: number)
    shareWithFamily(record, purchaser: account)
    return record
  }

  /// The identifier the next transaction gets.
  var upcomingTransactionNumber: UInt64 { transactionIds.upcoming }

  /// A free re-download of an earlier purchase: a new transaction continuing the original.
  func redownload(of original: PurchaseRecord, quantity: Int, account: Account) -> PurchaseRecord {
    var record = original
    record.transactionNumber = makeTransactionNumber()
    record.quantity = quantity
    record.purchaseDate = clock.now
    record.charged = Price(amount: 0, currency: storefront.currency)
    record.reason = .redownload
    record.cancellationDate = nil
    record.refunded = nil
    account.append(record)
    report(
      "redownload",
      "\(record.productId) already owned since \(Timestamp.iso8601(original.purchaseDate)): no charge",
      [.init("product", record.productId), .init("originalTransactionId", record.originalTransactionId)])
    return record
  }

  func logCharge(_ record: PurchaseRecord, account: Account) {
    guard log.isListening else { return }
    let quantity = record.quantity > 1 ? " x\(record.quantity)" : ""
    let action = record.reason == .renewal ? "renewed" : "charged"
    var detail = "\(record.charged) for \(record.productId)\(quantity) (account \(account.name))"
    if let expires = record.expiresDate { detail += ", expires \(Timestamp.iso8601(expires))" }
    report(
      action, detail,
      [
        .init("amount", record.charged.plainAmount), .init("currency", record.charged.currency),
        .init("product", record.productId), .init("quantity", String(record.quantity)),
        .init("account", account.name), .init("transactionId", record.transactionId),
      ])
  }

  /// Reports a store event at the current time, if anyone listens.
  func report(
    _ action: String, _ detail: @autoclosure () -> String, _ fields: @autoclosure () -> [Event.Field] = []
  ) {
    guard log.isListening else { return }
    log.record(
      Event(
        time: clock.now, actor: "store", action: action, detail: detail(),
        fields: log.readsFields ? fields() : []))
  }
}

extension Store {
  /// Keeps a milestone at the current time.
  public func note(
    _ kind: Milestone.Kind, account: String, transactionNumber: UInt64?, productId: String
  ) {
    milestones.append(
      Milestone(
        time: clock.now, accountName: account, transactionNumber: transactionNumber, productId: productId,
        kind: kind))
  }

  /// Puts back the milestones of a saved world.
  public func restore(milestones saved: [Milestone]) {
    milestones = saved
  }

  /// Tells the listener of an event the app's server hears about (a server notification).
  func publish(
    _ kind: ServerEvent.Kind, _ subtype: ServerEvent.Subtype? = nil, account: Account,
    transactionNumber: UInt64, consumptionRequestReason: String? = nil
  ) {
    if kind != .didRenew || subtype != nil, let index = account.index(ofTransaction: transactionNumber) {
      note(
        .notice(kind, subtype), account: account.name, transactionNumber: transactionNumber,
        productId: account.history[index].productId)
    }
    listener?.store(
      self,
      didPublish: ServerEvent(
        kind, subtype, account: account.name, transactionNumber: transactionNumber,
        consumptionRequestReason: consumptionRequestReason))
  }

  /// Tells the listener of an event about a subscription, carrying its current period's transaction.
  func publish(
    _ kind: ServerEvent.Kind, _ subtype: ServerEvent.Subtype? = nil, account: Account,
    subscription state: SubscriptionState
  ) {
    publish(
      kind, subtype, account: account, transactionNumber: account.history[state.latestIndex].transactionNumber
    )
  }
}
