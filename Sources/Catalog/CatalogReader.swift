import Foundation
import Vocabulary

/// Turns a parsed catalog document into a ``Catalog``, one section at a time, failing at the first
/// field that is missing, mistyped, out of range or contradicts another.
struct CatalogReader {
  func catalog(_ root: JSONNode) throws(CatalogError) -> Catalog {
    let object = try root.object()
    try object.rejectUnknownKeys(["bundleId", "appVersion", "storefront", "storefronts", "products"])
    let declared =
      try object.optional("storefronts").map { (node) throws(CatalogError) in try storefronts(node) } ?? []
    let base = try baseStorefront(object.optional("storefront"), declared: declared)
    let known = Set(declared.map(\.id) + Storefront.known.map(\.id))
    let productNodes = try object.required("products").array()
    var products: [Product] = []
    var seen: [String: String] = [:]
    for node in productNodes {
      let product = try self.product(node, storefronts: known)
      if let first = seen[product.id] {
        throw node.fail("duplicate product id \"\(product.id)\" (first defined at \(first))")
      }
      seen[product.id] = node.path
      products.append(product)
    }
    return Catalog(
      bundleId: try object.required("bundleId").nonEmptyString(),
      appVersion: try object.optional("appVersion")?.nonEmptyString() ?? "1",
      baseStorefront: base, storefronts: declared, products: products)
  }

  private func storefronts(_ node: JSONNode) throws(CatalogError) -> [Storefront] {
    var result: [Storefront] = []
    for element in try node.array() {
      let object = try element.object()
      try object.rejectUnknownKeys(["id", "currency", "locale"])
      let id = try object.required("id").nonEmptyString()
      guard id.count == 3, id.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
        throw element.fail("storefront id \"\(id)\" is not an ISO 3166-1 alpha-3 code such as USA")
      }
      result.append(
        Storefront(
          id: id, currency: try object.required("currency").nonEmptyString(),
          defaultLocale: try object.optional("locale")?.nonEmptyString() ?? "en_US"))
    }
    return result
  }

  private func baseStorefront(_ node: JSONNode?, declared: [Storefront]) throws(CatalogError) -> Storefront {
    guard let node else { return Storefront.named("USA")! }
    let id = try node.string()
    guard let storefront = declared.first(where: { $0.id == id }) ?? Storefront.named(id) else {
      throw node.fail("unknown storefront \"\(id)\" (declare it under storefronts)")
    }
    return storefront
  }

  private func product(_ node: JSONNode, storefronts: Set<String>) throws(CatalogError) -> Product {
    let object = try node.object()
    try object.rejectUnknownKeys([
      "id", "type", "referenceName", "localizations", "price", "prices", "clearedForSale", "familyShareable",
      "subscription", "period", "hostedContent", "codeOffers",
    ])
    let id = try object.required("id").nonEmptyString()
    let typeNode = try object.required("type")
    let typeName = try typeNode.string()
    guard let type = ProductType(rawValue: typeName) else {
      let names = ProductType.allCases.map(\.rawValue).joined(separator: ", ")
      throw typeNode.fail("unknown product type \"\(typeName)\" (expected one of: \(names))")
    }
    var product = Product(
      id: id, type: type, referenceName: try object.optional("referenceName")?.nonEmptyString() ?? id,
      localizations: try localizations(object.required("localizations")),
      basePrice: try object.required("price").decimalAmount(),
      storefrontPrices: try object.optional("prices").map { (node) throws(CatalogError) in
        try prices(node, storefronts: storefronts)
      } ?? [:],
      isClearedForSale: try object.optional("clearedForSale")?.bool() ?? true,
      isFamilyShareable: try object.optional("familyShareable")?.bool() ?? false)
    try readTypeSpecifics(of: &product, from: object)
    product.codeOffers = try codeOffers(object.optional("codeOffers"), of: product, storefronts: storefronts)
    if let node = object.optional("hostedContent") {
      guard product.type == .nonConsumable else {
        throw node.fail("only non-consumables can have hosted content")
      }
      product.hostedContent = try hostedContent(node)
    }
    return product
  }

  private func readTypeSpecifics(
    of product: inout Product, from object: JSONObjectReader
  ) throws(CatalogError) {
    let subscriptionNode = object.optional("subscription")
    let periodNode = object.optional("period")
    switch product.type {
    case .autoRenewable:
      product.subscription = try subscription(try object.required("subscription"))
      if let periodNode {
        throw periodNode.fail("an auto-renewable subscription's period goes in subscription.period")
      }
    case .nonRenewing:
      if let subscriptionNode {
        throw subscriptionNode.fail("only auto-renewable subscriptions have a subscription section")
      }
      product.nonRenewingPeriod = try periodNode?.period()
    case .consumable, .nonConsumable:
      if let extra = subscriptionNode ?? periodNode {
        throw extra.fail("a \(product.type.rawValue) product has no period")
      }
    }
    if product.type == .consumable && product.isFamilyShareable, let node = object.optional("familyShareable")
    {
      throw node.fail("consumables cannot be family-shareable")
    }
  }

  private func hostedContent(_ node: JSONNode) throws(CatalogError) -> HostedContent {
    let object = try node.object()
    try object.rejectUnknownKeys(["contentId", "version", "size"])
    return HostedContent(
      contentId: try object.required("contentId").nonEmptyString(),
      version: try object.optional("version")?.nonEmptyString() ?? "1.0",
      size: try object.required("size").integer(in: 1...(4 << 30)))
  }

  private func localizations(_ node: JSONNode) throws(CatalogError) -> [Localization] {
    let object = try node.object()
    let entries = object.entries
    guard !entries.isEmpty else { throw node.fail("at least one localization is required") }
    var result: [Localization] = []
    for (locale, entry) in entries {
      guard locale.range(of: #"^[a-z]{2,3}(_[A-Z]{2}|-[A-Za-z]{4})?$"#, options: .regularExpression) != nil
      else {
        throw entry.fail("\"\(locale)\" is not a locale identifier such as en_US")
      }
      let fields = try entry.object()
      try fields.rejectUnknownKeys(["title", "description"])
      let text = LocalizedText(
        title: try fields.required("title").nonEmptyString(),
        description: try fields.optional("description")?.string() ?? "")
      result.append(Localization(locale: locale, text: text))
    }
    return result
  }

  private func prices(_ node: JSONNode, storefronts: Set<String>) throws(CatalogError) -> [String: Decimal] {
    var result: [String: Decimal] = [:]
    for (storefront, entry) in try node.object().entries {
      guard storefronts.contains(storefront) else {
        throw entry.fail("unknown storefront \"\(storefront)\" (declare it under storefronts)")
      }
      result[storefront] = try entry.decimalAmount()
    }
    return result
  }

  private func subscription(_ node: JSONNode) throws(CatalogError) -> Subscription {
    let object = try node.object()
    try object.rejectUnknownKeys([
      "group", "groupID", "level", "period", "introductoryOffer", "promotionalOffers", "winBackOffers",
      "billingPlans",
    ])
    let periodNode = try object.required("period")
    let period = try periodNode.period()
    guard SubscriptionPeriod.subscriptionDurations.contains(period) else {
      let allowed = SubscriptionPeriod.subscriptionDurations.map(\.iso8601).joined(separator: ", ")
      throw periodNode.fail(
        "\"\(period.iso8601)\" is not a subscription duration (expected one of: \(allowed))")
    }
    var promotional: [Offer] = []
    for offerNode in try object.optional("promotionalOffers")?.array() ?? [] {
      let offer = try self.offer(offerNode, promotional: true)
      if promotional.contains(where: { $0.id == offer.id }) {
        throw offerNode.fail("duplicate promotional offer id \"\(offer.id ?? "")\"")
      }
      promotional.append(offer)
    }
    var subscription = Subscription(
      group: try object.required("group").nonEmptyString(),
      level: try object.required("level").integer(in: 1...100),
      period: period,
      introductoryOffer: try object.optional("introductoryOffer").map { (node) throws(CatalogError) in
        try offer(node, promotional: false)
      },
      promotionalOffers: promotional)
    subscription.groupID = try object.optional("groupID")?.nonEmptyString()
    try readWinBackOffers(object.optional("winBackOffers"), into: &subscription)
    subscription.billingPlans = try billingPlans(object.optional("billingPlans"), period: period)
    return subscription
  }

  /// A subscription offer's terms (`type`, `period`, `periods`, `price`), and its `id` when it is
  /// promotional; `otherKeys` are the keys the caller reads.
  func offer(_ node: JSONNode, promotional: Bool, otherKeys: [String] = []) throws(CatalogError) -> Offer {
    let object = try node.object()
    try object.rejectUnknownKeys(
      (promotional ? ["id"] : []) + ["type", "period", "periods", "price"] + otherKeys)
    let typeNode = try object.required("type")
    let typeName = try typeNode.string()
    guard let mode = Offer.PaymentMode(rawValue: typeName), mode != .oneTime else {
      let names = Offer.PaymentMode.subscriptionModes.map(\.rawValue).joined(separator: ", ")
      throw typeNode.fail("unknown offer type \"\(typeName)\" (expected one of: \(names))")
    }
    let price: Decimal
    switch mode {
    case .freeTrial:
      if let priceNode = object.optional("price") { throw priceNode.fail("a free trial has no price") }
      price = 0
    case .payAsYouGo, .payUpFront, .oneTime:
      price = try object.required("price").decimalAmount()
    }
    let periods = try object.optional("periods")?.integer(in: 1...12) ?? 1
    if mode == .payUpFront, periods != 1, let periodsNode = object.optional("periods") {
      throw periodsNode.fail("a pay-up-front offer has one period")
    }
    return Offer(
      id: promotional ? try object.required("id").nonEmptyString() : nil,
      mode: mode, period: try object.required("period").period(), numberOfPeriods: periods, price: price)
  }
}
