import Catalog
import Foundation
import Store
import Vocabulary

/// Makes catalog products for what a customer's data bought that the world's catalog does not
/// know, from what the data shows: a subscription when there is an expiry (its period inferred from
/// the periods' lengths, its group from `subscription_group_identifier` or from the products
/// sharing an original transaction), otherwise the type the data names, a consumable when bought
/// several at once, else a non-consumable.
struct ProductSynthesizer {
  /// The catalog the world has.
  let catalog: Catalog

  /// A product the synthesizer made, and why it looks as it does.
  struct Made {
    /// The product.
    var product: Product
    /// How its type, group and period were inferred, for the engineer to check.
    var reasoning: String
  }

  /// New products for every product of `transactions` the catalog lacks, in order of appearance.
  func products(for transactions: [CustomerTransaction]) -> [Made] {
    var order: [String] = []
    var byProduct: [String: [CustomerTransaction]] = [:]
    for transaction in transactions where catalog.product(transaction.productId) == nil {
      if byProduct[transaction.productId] == nil { order.append(transaction.productId) }
      byProduct[transaction.productId, default: []].append(transaction)
    }
    let groups = SubscriptionGroups(transactions: transactions, catalog: catalog)
    return order.map { id in make(id, from: byProduct[id] ?? [], groups: groups) }
  }

  private func make(
    _ id: String, from transactions: [CustomerTransaction], groups: SubscriptionGroups
  ) -> Made {
    let type = Self.type(of: transactions)
    let prices = paidPrices(in: transactions)
    let base = catalog.baseStorefront
    var product = Product(
      id: id, type: type.type, referenceName: id,
      localizations: [
        Localization(
          locale: "en_US",
          text: LocalizedText(title: id, description: "Made by import from a customer's data: check it."))
      ],
      basePrice: prices[base.id] ?? 0, storefrontPrices: prices.filter { $0.key != base.id })
    let elsewhere = prices.keys.filter { $0 != base.id }.sorted().map { storefront in
      "\(prices[storefront]!) \(catalog.storefront(storefront)?.currency ?? "") in \(storefront)"
    }
    let price =
      (prices[base.id].map { "price \($0) \(base.currency) as paid" }
        ?? (elsewhere.isEmpty ? "price unknown: 0" : "price unknown in \(base.id): 0"))
      + (elsewhere.isEmpty ? "" : ", \(elsewhere.joined(separator: ", ")) as paid")
    guard type.type == .autoRenewable else {
      return Made(product: product, reasoning: "\(Self.word(type.type)) (\(type.why)), \(price)")
    }
    let period = PeriodInference(transactions: transactions)
    let group = groups.group(of: id)
    product.subscription = Subscription(group: group.name, level: 1, period: period.period)
    return Made(
      product: product,
      reasoning:
        "auto-renewable (\(type.why)), group \(group.name) (\(group.why)), \(period.period) (\(period.why)), \(price)"
    )
  }

  private static func type(of transactions: [CustomerTransaction]) -> (type: ProductType, why: String) {
    if let named = transactions.lazy.compactMap(\.productType).first {
      return (named, "the data says so")
    }
    if transactions.contains(where: { $0.expiresDate != nil }) { return (.autoRenewable, "it has an expiry") }
    if transactions.contains(where: { $0.quantity > 1 }) { return (.consumable, "bought several at once") }
    return (.nonConsumable, "no expiry; check it is not a consumable")
  }

  /// The regular unit prices the data shows (JWS `price` and `currency`), by storefront: the base
  /// storefront's when paid in its currency, another storefront's of the catalog when paid there in
  /// its currency. Receipts show no price; offer periods show the offer's, not the product's.
  private func paidPrices(in transactions: [CustomerTransaction]) -> [String: Decimal] {
    var prices: [String: Decimal] = [:]
    for transaction in transactions
    where transaction.isTrialPeriod != true && transaction.isInIntroOfferPeriod != true
      && transaction.promotionalOfferId == nil
    {
      guard let milliunits = transaction.priceMilliunits, let currency = transaction.currency else {
        continue
      }
      let storefront =
        currency == catalog.baseStorefront.currency
        ? catalog.baseStorefront.id
        : transaction.storefront.flatMap { catalog.storefront($0) }.flatMap {
          $0.currency == currency ? $0.id : nil
        }
      guard let storefront, prices[storefront] == nil else { continue }
      prices[storefront] = Decimal(milliunits) / Decimal(1000 * max(transaction.quantity, 1))
    }
    return prices
  }

  /// `consumable`, as the `--type` option of `import transaction` writes types.
  static func word(_ type: ProductType) -> String {
    switch type {
    case .consumable: "consumable"
    case .nonConsumable: "non-consumable"
    case .autoRenewable: "auto-renewable"
    case .nonRenewing: "non-renewing"
    }
  }
}
