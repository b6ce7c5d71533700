import Foundation
import Vocabulary

/// Reads an Xcode StoreKit configuration file (`.storekit`): products, non-renewing subscriptions,
/// subscription groups with their levels, periods, introductory, promotional, code and win-back
/// offers and billing plans, the file's test settings (``StoreKitSettings``) and what an export
/// writes back (``StoreKitFileDetails``).
///
/// The format is Xcode's and undocumented, so unknown keys are tolerated and ignored; the keys
/// storebench uses are checked as strictly as the native format's.
struct StoreKitConfigurationReader {
  /// The bundle identifier to give the catalog: a `.storekit` file does not name its app.
  let bundleId: String

  func catalog(_ root: JSONNode) throws(CatalogError) -> Catalog {
    let object = try root.object()
    if let version = object.optional("version") { try checkVersion(version) }
    var products: [(product: Product, node: JSONNode)] = []
    for node in try object.optional("products")?.array() ?? [] {
      products.append(
        (try product(node, allowed: ["Consumable": .consumable, "NonConsumable": .nonConsumable]), node))
    }
    for node in try object.optional("nonRenewingSubscriptions")?.array() ?? [] {
      products.append((try product(node, allowed: ["NonRenewingSubscription": .nonRenewing]), node))
    }
    for groupNode in try object.optional("subscriptionGroups")?.array() ?? [] {
      products += try subscriptions(groupNode)
    }
    try rejectDuplicates(products)
    let settings = try StoreKitSettingsReader().settings(object.optional("settings"))
    var catalog = Catalog(
      bundleId: bundleId, appVersion: "1",
      baseStorefront: settings.storefront.flatMap(Storefront.named) ?? Storefront.named("USA")!,
      products: products.map(\.product))
    catalog.storeKitSettings = settings
    catalog.storeKitDetails = try StoreKitDetailsReader().details(object)
    return catalog
  }

  private func checkVersion(_ node: JSONNode) throws(CatalogError) {
    let version = try node.object()
    _ = try version.required("major").integer(in: 1...99)
    _ = try version.optional("minor")?.integer(in: 0...99)
  }

  private func rejectDuplicates(_ products: [(product: Product, node: JSONNode)]) throws(CatalogError) {
    var seen: [String: String] = [:]
    for (product, node) in products {
      if let first = seen[product.id] {
        throw node.fail("duplicate productID \"\(product.id)\" (first defined at \(first))")
      }
      seen[product.id] = node.path
    }
  }

  private func subscriptions(
    _ groupNode: JSONNode
  ) throws(CatalogError) -> [(product: Product, node: JSONNode)] {
    let group = try groupNode.object()
    let name = try group.required("name").nonEmptyString()
    let groupID = try group.optional("id")?.string()
    var result: [(product: Product, node: JSONNode)] = []
    for node in try group.required("subscriptions").array() {
      var subscription = try product(node, allowed: ["RecurringSubscription": .autoRenewable])
      let fields = try node.object()
      if let groupID, let idNode = fields.optional("subscriptionGroupID"), try idNode.string() != groupID {
        throw idNode.fail("\"\(try idNode.string())\" is not the id of its group (\"\(groupID)\")")
      }
      subscription.subscription = try terms(fields, group: name)
      // An id the group's name would give anyway is not kept: the catalog reads the same as its
      // native twin, and exports and loads back unchanged.
      subscription.subscription?.groupID = groupID.flatMap {
        $0 == Subscription.derivedGroupIdentifier(of: name) ? nil : $0
      }
      subscription.codeOffers = try StoreKitOfferReader().codeOffers(fields.optional("codeOffers"))
      result.append((subscription, node))
    }
    return result
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

  private func terms(_ object: JSONObjectReader, group: String) throws(CatalogError) -> Subscription {
    let periodNode = try object.required("recurringSubscriptionPeriod")
    let period = try periodNode.period()
    guard SubscriptionPeriod.subscriptionDurations.contains(period) else {
      throw periodNode.fail("\"\(period.iso8601)\" is not a subscription duration")
    }
    let offers = StoreKitOfferReader()
    var subscription = Subscription(
      group: group, level: try object.optional("groupNumber")?.integer(in: 1...100) ?? 1, period: period,
      introductoryOffer: try offers.introductoryOffer(object),
      promotionalOffers: try offers.identifiedOffers(object.optional("adHocOffers"), kind: .promotional))
    subscription.winBackOffers = try offers.identifiedOffers(object.optional("winbackOffers"), kind: .winBack)
    subscription.billingPlans = try offers.billingPlans(object.optional("billingPlans"))
    return subscription
  }
}
