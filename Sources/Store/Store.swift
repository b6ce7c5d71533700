import Catalog
import Foundation

/// Apple's side of the world: the catalog, the accounts and their purchase histories, the virtual
/// clock, the storefront. A pure model: no I/O, and time is only what its clock says.
public final class Store {
  /// The products on sale.
  public private(set) var catalog: Catalog
  /// The virtual clock.
  public private(set) var clock: VirtualClock
  /// Where the store reports what it does.
  public let log: EventLog
  /// The storefront purchases are made in.
  public private(set) var storefront: Storefront
  /// The locale product titles are shown in.
  public var locale: String
  private var accounts: [String: Account] = [:]
  private var transactionIds = TransactionIdentifierGenerator()

  /// Creates a store over a catalog, with one account named `default`.
  public init(catalog: Catalog, log: EventLog, clock: VirtualClock = VirtualClock()) {
    self.catalog = catalog
    self.log = log
    self.clock = clock
    self.storefront = catalog.baseStorefront
    self.locale = catalog.baseStorefront.defaultLocale
    accounts["default"] = Account(name: "default")
  }

  /// The account with this name, if it exists.
  public func account(named name: String) -> Account? { accounts[name] }

  /// Whether any purchase has been made by any account.
  public var hasHistory: Bool { accounts.values.contains { !$0.history.isEmpty } }

  /// Replaces the catalog, which is allowed only while no account has bought anything.
  ///
  /// - Throws: ``StoreError`` once purchases exist.
  public func replaceCatalog(with catalog: Catalog) throws(StoreError) {
    guard !hasHistory else {
      throw StoreError(
        "cannot change the catalog after purchases were made: load it at the start of the script")
    }
    self.catalog = catalog
    self.storefront = catalog.baseStorefront
    self.locale = catalog.baseStorefront.defaultLocale
  }

  /// Moves the clock to an instant.
  ///
  /// - Throws: ``StoreError`` when that would move time backwards after purchases were made.
  public func setClock(to date: Date) throws(StoreError) {
    if date < clock.now && hasHistory {
      throw StoreError(
        "cannot move the clock back to \(Timestamp.iso8601(date)): purchases exist at \(Timestamp.iso8601(clock.now))"
      )
    }
    clock.set(date)
  }

  /// Moves the clock forward by a span.
  public func advanceClock(by span: TimeSpan) {
    clock.set(VirtualClock.adding(span, to: clock.now))
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

  /// What a product costs in the current storefront.
  public func price(of product: Product) -> Price {
    catalog.price(of: product, in: storefront)
  }

  /// A new transaction identifier.
  public func makeTransactionId() -> String {
    transactionIds.make()
  }

  /// Charges an account for a payment and records it in the account's history. Buying an owned
  /// non-consumable records a free re-download of the original purchase.
  ///
  /// - Returns: the history entry, or the StoreKit error the payment fails with.
  public func charge(
    productId: String, quantity: Int, account: Account
  ) -> Result<PurchaseRecord, SKErrorCode> {
    guard let product = catalog.product(productId), product.isClearedForSale else {
      return .failure(.storeProductNotAvailable)
    }
    let now = clock.now
    let id = makeTransactionId()
    let record: PurchaseRecord
    if product.type == .nonConsumable, let owned = account.ownedPurchase(of: productId) {
      record = PurchaseRecord(
        transactionId: id, originalTransactionId: owned.transactionId, productId: productId,
        productType: product.type, quantity: quantity, purchaseDate: now,
        originalPurchaseDate: owned.purchaseDate,
        charged: Price(amount: 0, currency: storefront.currency), storefront: storefront.id,
        reason: .redownload)
      log.record(
        Event(
          time: now, actor: "store", action: "redownload",
          detail: "\(productId) already owned since \(Timestamp.iso8601(owned.purchaseDate)): no charge",
          fields: [.init("product", productId), .init("originalTransactionId", owned.transactionId)]))
    } else {
      let unit = price(of: product)
      let total = Price(amount: unit.amount * Decimal(quantity), currency: unit.currency)
      record = PurchaseRecord(
        transactionId: id, originalTransactionId: id, productId: productId, productType: product.type,
        quantity: quantity, purchaseDate: now, originalPurchaseDate: now, charged: total,
        storefront: storefront.id,
        reason: .purchase)
      log.record(
        Event(
          time: now, actor: "store", action: "charged",
          detail: "\(total) for \(productId)\(quantity > 1 ? " x\(quantity)" : "") (account \(account.name))",
          fields: [
            .init("amount", total.plainAmount), .init("currency", total.currency),
            .init("product", productId),
            .init("quantity", String(quantity)), .init("account", account.name), .init("transactionId", id),
          ]))
    }
    account.append(record)
    return .success(record)
  }
}
