import Foundation
import Vocabulary

/// The products of one app, as App Store Connect (or an Xcode `.storekit` file) configures them.
public struct Catalog: Sendable {
  /// The app's bundle identifier, such as `com.example.kctest`.
  public var bundleId: String
  /// The app's version (CFBundleVersion) written into receipts.
  public var appVersion: String
  /// The storefront whose prices are `basePrice`, and the one a session starts in.
  public var baseStorefront: Storefront
  /// Storefronts the catalog declares beyond the built-in ones.
  public var storefronts: [Storefront]
  /// The test conditions of the Xcode StoreKit configuration file the catalog came from; nothing
  /// set for other catalogs. The store applies them when it takes the catalog.
  public var storeKitSettings = StoreKitSettings()
  /// What the Xcode StoreKit configuration file the catalog came from holds beyond products and
  /// settings (ids, group names, app policies), so that exporting it writes them back.
  public var storeKitDetails = StoreKitFileDetails()
  /// The products, in catalog order.
  public private(set) var products: [Product]
  private var index: [String: Int]

  /// Creates a catalog.
  ///
  /// - Precondition: product identifiers are unique (the loader checks this for files).
  public init(
    bundleId: String, appVersion: String = "1", baseStorefront: Storefront = Storefront.named("USA")!,
    storefronts: [Storefront] = [], products: [Product]
  ) {
    self.bundleId = bundleId
    self.appVersion = appVersion
    self.baseStorefront = baseStorefront
    self.storefronts = storefronts
    self.products = products
    self.index = Dictionary(
      products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Adds a product the catalog does not have yet (one made for imported data).
  ///
  /// - Returns: `false`, changing nothing, when the catalog has a product with that identifier.
  @discardableResult
  public mutating func add(_ product: Product) -> Bool {
    guard index[product.id] == nil else { return false }
    index[product.id] = products.count
    products.append(product)
    return true
  }

  /// The product with this identifier, if the catalog has one.
  public func product(_ id: String) -> Product? {
    index[id].map { products[$0] }
  }

  /// What every command says of a product id the catalog lacks: `no product "pro.montly" in the
  /// catalog; did you mean "pro.monthly"?`, with the catalog's closest ids (``DidYouMean``).
  public func unknownProductReason(_ id: String) -> String {
    "no product \"\(id)\" in the catalog" + DidYouMean.clause(for: id, among: products.map(\.id))
  }

  /// A storefront the catalog knows by its code: declared ones first, then built-in ones.
  public func storefront(_ id: String) -> Storefront? {
    storefronts.first { $0.id == id.uppercased() } ?? Storefront.named(id)
  }

  /// What a product costs in a storefront. A storefront with no price of its own falls back to the
  /// base price in the base storefront's currency.
  public func price(of product: Product, in storefront: Storefront) -> Price {
    if let amount = product.storefrontPrices[storefront.id] {
      return Price(amount: amount, currency: storefront.currency)
    }
    return Price(amount: product.basePrice, currency: baseStorefront.currency)
  }

  /// The auto-renewable products of one subscription group, in catalog order.
  public func products(inGroup group: String) -> [Product] {
    products.filter { $0.subscription?.group == group }
  }

  /// A subscription group's identifier (``Subscription/groupIdentifier``), by the group's name.
  public func groupIdentifier(ofGroup group: String) -> String {
    products.lazy.compactMap(\.subscription).first { $0.group == group }?.groupIdentifier
      ?? Subscription.derivedGroupIdentifier(of: group)
  }

  /// The name of the subscription group with an identifier, if the catalog has one.
  public func group(withIdentifier identifier: String) -> String? {
    products.lazy.compactMap(\.subscription).first { $0.groupIdentifier == identifier }?.group
  }
}
