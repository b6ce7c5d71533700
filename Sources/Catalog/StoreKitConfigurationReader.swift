import Foundation

/// Reads an Xcode StoreKit configuration file (`.storekit`): products, non-renewing subscriptions,
/// and subscription groups with their levels, periods, introductory and promotional offers.
///
/// The format is Xcode's and undocumented, so keys storebench does not use (internal ids, app
/// policies, code and win-back offers, billing plans, settings other than the storefront) are
/// tolerated and ignored; the keys it does use are checked as strictly as the native format's.
struct StoreKitConfigurationReader {
  /// The bundle identifier to give the catalog: a `.storekit` file does not name its app.
  let bundleId: String

  func catalog(_ root: JSONNode) throws(CatalogError) -> Catalog {
    let object = try root.object()
    var products: [(product: Product, node: JSONNode)] = []
    for node in try object.optional("products")?.array() ?? [] {
      products.append(
        (try product(node, allowed: ["Consumable": .consumable, "NonConsumable": .nonConsumable]), node))
    }
    for node in try object.optional("nonRenewingSubscriptions")?.array() ?? [] {
      products.append((try product(node, allowed: ["NonRenewingSubscription": .nonRenewing]), node))
    }
    for groupNode in try object.optional("subscriptionGroups")?.array() ?? [] {
      let group = try groupNode.object()
      let name = try group.required("name").nonEmptyString()
      for node in try group.required("subscriptions").array() {
        var subscription = try product(node, allowed: ["RecurringSubscription": .autoRenewable])
        subscription.subscription = try terms(node, group: name)
        products.append((subscription, node))
      }
    }
    var seen: [String: String] = [:]
    for (product, node) in products {
      if let first = seen[product.id] {
        throw node.fail("duplicate productID \"\(product.id)\" (first defined at \(first))")
      }
      seen[product.id] = node.path
    }
    let settings = try object.optional("settings")?.object()
    let storefront = try settings?.optional("_storefront").map { (node) throws(CatalogError) -> Storefront in
      let id = try node.string()
      guard let storefront = Storefront.named(id) else { throw node.fail("unknown storefront \"\(id)\"") }
      return storefront
    }
    return Catalog(
      bundleId: bundleId, appVersion: "1", baseStorefront: storefront ?? Storefront.named("USA")!,
      products: products.map(\.product))
  }

  private func product(_ node: JSONNode, allowed types: [String: ProductType]) throws(CatalogError) -> Product
  {
    let object = try node.object()
    let typeNode = try object.required("type")
    let typeName = try typeNode.string()
    guard let type = types[typeName] else {
      throw typeNode.fail(
        "type \"\(typeName)\" does not belong here (expected \(types.keys.sorted().joined(separator: " or ")))"
      )
    }
    let id = try object.required("productID").nonEmptyString()
    let referenceName = try object.optional("referenceName")?.string() ?? id
    var localizations: [Localization] = []
    for entry in try object.optional("localizations")?.array() ?? [] {
      let fields = try entry.object()
      localizations.append(
        Localization(
          locale: try fields.required("locale").nonEmptyString(),
          text: LocalizedText(
            title: try fields.optional("displayName")?.string() ?? referenceName,
            description: try fields.optional("description")?.string() ?? "")))
    }
    if localizations.isEmpty {
      localizations = [
        Localization(locale: "en_US", text: LocalizedText(title: referenceName, description: ""))
      ]
    }
    return Product(
      id: id, type: type, referenceName: referenceName, localizations: localizations,
      basePrice: try object.required("displayPrice").decimalAmount(),
      isFamilyShareable: try object.optional("familyShareable")?.bool() ?? false)
  }

  private func terms(_ node: JSONNode, group: String) throws(CatalogError) -> Subscription {
    let object = try node.object()
    let periodNode = try object.required("recurringSubscriptionPeriod")
    let period = try periodNode.period()
    guard SubscriptionPeriod.subscriptionDurations.contains(period) else {
      throw periodNode.fail("\"\(period.iso8601)\" is not a subscription duration")
    }
    var promotional: [Offer] = []
    for offerNode in try object.optional("adHocOffers")?.array() ?? [] {
      promotional.append(
        try offer(offerNode, id: try offerNode.object().required("offerID").nonEmptyString()))
    }
    return Subscription(
      group: group, level: try object.optional("groupNumber")?.integer(in: 1...100) ?? 1, period: period,
      introductoryOffer: try object.optional("introductoryOffer").map { (node) throws(CatalogError) in
        try offer(node, id: nil)
      },
      promotionalOffers: promotional)
  }

  private func offer(_ node: JSONNode, id: String?) throws(CatalogError) -> Offer {
    let object = try node.object()
    let modeNode = try object.required("paymentMode")
    let modes: [String: Offer.PaymentMode] = [
      "free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
    ]
    let modeName = try modeNode.string()
    guard let mode = modes[modeName] else {
      throw modeNode.fail("unknown paymentMode \"\(modeName)\" (expected free, payAsYouGo or payUpFront)")
    }
    let price = mode == .freeTrial ? 0 : try object.required("displayPrice").decimalAmount()
    let periods = mode == .payAsYouGo ? try object.optional("numberOfPeriods")?.integer(in: 1...12) ?? 1 : 1
    return Offer(
      id: id, mode: mode, period: try object.required("subscriptionPeriod").period(),
      numberOfPeriods: periods,
      price: price)
  }
}
