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
    var product = Product(
      id: id, type: type.type, referenceName: id,
      localizations: [
        Localization(
          locale: "en_US",
          text: LocalizedText(title: id, description: "Made by import from a customer's data: check it."))
      ],
      basePrice: Self.price(of: transactions, currency: catalog.baseStorefront.currency))
    let price =
      product.basePrice == 0
      ? "price unknown: 0" : "price \(product.basePrice) \(catalog.baseStorefront.currency) as paid"
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

  /// The price the data shows (JWS `price`) in the catalog's base currency, else zero: receipts
  /// show no price, and a price in another currency says nothing of the base storefront's.
  private static func price(of transactions: [CustomerTransaction], currency: String) -> Decimal {
    let paid = transactions.first {
      $0.priceMilliunits != nil && $0.currency == currency && $0.isTrialPeriod != true
    }
    guard let paid, let milliunits = paid.priceMilliunits else { return 0 }
    return Decimal(milliunits) / Decimal(1000 * max(paid.quantity, 1))
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
