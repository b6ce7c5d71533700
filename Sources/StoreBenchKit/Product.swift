import Catalog
import Foundation
import Simulation
import Store
import Vocabulary

/// StoreKit 2's `Product`, from the store's catalog.
public struct Product: Sendable, Identifiable, Hashable {
  /// The type of an in-app purchase.
  public enum ProductType: String, Sendable, Hashable {
    case consumable, nonConsumable, autoRenewable, nonRenewable

    init(_ type: Vocabulary.ProductType) {
      switch type {
      case .consumable: self = .consumable
      case .nonConsumable: self = .nonConsumable
      case .autoRenewable: self = .autoRenewable
      case .nonRenewing: self = .nonRenewable
      }
    }
  }

  /// The product id.
  public let id: String
  /// The type.
  public let type: ProductType
  /// The localized name.
  public let displayName: String
  /// The localized description.
  public let description: String
  /// The price in the storefront's currency.
  public let price: Decimal
  /// The price as the App Store shows it, such as `$4.99`.
  public let displayPrice: String
  /// The subscription's group and period, for auto-renewable subscriptions.
  public let subscription: SubscriptionInfo?

  /// The product of the store's catalog with this id, if it is cleared for sale.
  init?(productID: String, store: Store) {
    guard let product = store.catalog.product(productID), product.isClearedForSale else { return nil }
    let price = store.price(of: product)
    let text = product.text(for: store.locale)
    id = product.id
    type = ProductType(product.type)
    displayName = text.title
    description = text.description
    self.price = price.amount
    displayPrice = price.formatted
    subscription = product.subscription.map {
      SubscriptionInfo(subscriptionGroupID: $0.group, subscriptionPeriod: $0.period.iso8601)
    }
  }

  /// `Product.products(for:)`: the products the App Store knows and sells, in the order asked.
  ///
  /// - Throws: ``TestStoreError`` outside `TestStore.run`.
  public static func products(for identifiers: some Collection<String>) async throws -> [Product] {
    try await TestStore.required().products(for: Array(identifiers))
  }

  /// `product.purchase(options:)`.
  ///
  /// - Throws: ``PurchaseError`` or ``TestStoreError``.
  public func purchase(options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
    var request = TestStore.PurchaseRequest(productID: id)
    for option in options { request.apply(option) }
    guard (1...10).contains(request.quantity) else { throw PurchaseError.invalidQuantity }
    return try await TestStore.required().purchase(request)
  }
}
