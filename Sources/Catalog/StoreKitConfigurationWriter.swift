import Foundation
import JSON
import Vocabulary

/// Writes a catalog as an Xcode StoreKit configuration file (`.storekit`): keys sorted as Xcode
/// sorts them, laid out as Xcode writes them, with the ids, group names, app policies and key pair
/// of the file the catalog came from (``StoreKitFileDetails``) and ids derived from product and
/// offer identifiers for the rest, so writing the catalog read back from the output gives the same
/// bytes.
///
/// Xcode's format has no place for storefront prices, products not cleared for sale, a
/// non-renewing period, hosted content, offer codes of other products than subscriptions, or code
/// offers' storefronts and custom codes; those are left out (``omissions(_:)`` names them).
public struct StoreKitConfigurationWriter {
  /// Ids and sections kept from the file the catalog was read from.
  private let details: StoreKitFileDetails

  /// The file's UTF-8 bytes.
  public static func bytes(_ catalog: Catalog) -> [UInt8] {
    Array(JSONText.xcodeStyle(document(catalog)).utf8)
  }

  /// What the catalog has that Xcode's format cannot hold, one line per kind with the products
  /// concerned, such as `storefront prices: pro.monthly, coins.100`; empty when the file holds all.
  public static func omissions(_ catalog: Catalog) -> [String] {
    var lines: [String] = []
    func note(_ what: String, _ products: [Product]) {
      guard !products.isEmpty else { return }
      lines.append("\(what): \(products.map(\.id).joined(separator: ", "))")
    }
    note("storefront prices", catalog.products.filter { !$0.storefrontPrices.isEmpty })
    note("hosted content", catalog.products.filter { $0.hostedContent != nil })
    note("non-renewing periods", catalog.products.filter { $0.nonRenewingPeriod != nil })
    note("products not cleared for sale", catalog.products.filter { !$0.isClearedForSale })
    note(
      "offer codes of products that are not subscriptions",
      catalog.products.filter { $0.subscription == nil && !$0.codeOffers.isEmpty })
    note(
      "code offers' storefronts and custom codes",
      catalog.products.filter { product in
        product.subscription != nil
          && product.codeOffers.contains { $0.storefronts != nil || !$0.customCodes.isEmpty }
      })
    return lines
  }

  /// The file as a JSON value.
  public static func document(_ catalog: Catalog) -> JSONValue {
    StoreKitConfigurationWriter(details: catalog.storeKitDetails).document(catalog)
  }

  private func document(_ catalog: Catalog) -> JSONValue {
    let byKind = { (kinds: [ProductType]) in catalog.products.filter { kinds.contains($0.type) } }
    let subscriptions = byKind([.autoRenewable])
    let hasBillingPlans = subscriptions.contains { !($0.subscription?.billingPlans.isEmpty ?? true) }
    let version = object([("major", .number(hasBillingPlans ? "5" : "4")), ("minor", .number("0"))])
    var members: [(String, JSONValue)] = [
      (
        "identifier",
        .string(
          details.identifier ?? Self.derivedID(["catalog", catalog.bundleId] + catalog.products.map(\.id)))
      ),
      ("nonRenewingSubscriptions", .array(byKind([.nonRenewing]).map(product))),
      ("products", .array(byKind([.consumable, .nonConsumable]).map(product))),
      ("settings", settings(catalog.storeKitSettings)),
      ("subscriptionGroups", .array(groups(subscriptions))),
      ("version", details.version ?? version),
    ]
    if let policies = details.appPolicies { members.append(("appPolicies", policies)) }
    if let keyPair = details.subscriptionOffersKeyPair {
      members.append(("subscriptionOffersKeyPair", keyPair))
    }
    return object(members)
  }

  private func groups(_ subscriptions: [Product]) -> [JSONValue] {
    var names: [String] = []
    for product in subscriptions {
      if let group = product.subscription?.group, !names.contains(group) { names.append(group) }
    }
    return names.map { name in
      let groupID =
        subscriptions.lazy.compactMap(\.subscription).first { $0.group == name }?.groupIdentifier
        ?? Subscription.derivedGroupIdentifier(of: name)
      return object([
        ("id", .string(groupID)), ("localizations", details.groupLocalizations[name] ?? .array([])),
        ("name", .string(name)),
        (
          "subscriptions",
          .array(
            subscriptions.filter { $0.subscription?.group == name }.map { subscription($0, groupID: groupID) }
          )
        ),
      ])
    }
  }

  private func product(_ product: Product) -> JSONValue {
    object(productMembers(product))
  }

  private func productMembers(_ product: Product) -> [(String, JSONValue)] {
    let type: String
    switch product.type {
    case .consumable: type = "Consumable"
    case .nonConsumable: type = "NonConsumable"
    case .nonRenewing: type = "NonRenewingSubscription"
    case .autoRenewable: type = "RecurringSubscription"
    }
    return [
      ("displayPrice", amount(product.basePrice)), ("familyShareable", .bool(product.isFamilyShareable)),
      ("internalID", .string(internalID(["product", product.id]))),
      ("localizations", .array(product.localizations.map(localization))), ("productID", .string(product.id)),
      ("referenceName", .string(product.referenceName)), ("type", .string(type)),
    ]
  }

  private func localization(_ localization: Localization) -> JSONValue {
    object([
      ("description", .string(localization.text.description)),
      ("displayName", .string(localization.text.title)), ("locale", .string(localization.locale)),
    ])
  }

  private func subscription(_ product: Product, groupID: String) -> JSONValue {
    guard let terms = product.subscription else { return self.product(product) }
    let id = product.id
    var members = productMembers(product)
    members += [
      ("adHocOffers", .array(terms.promotionalOffers.map { identified($0, kind: "promo", product: id) })),
      ("codeOffers", .array(product.codeOffers.enumerated().map { codeOffer($1, index: $0, product: id) })),
      ("groupNumber", .number(String(terms.level))),
      (
        "introductoryOffer",
        terms.introductoryOffer.map { object(offerTerms($0, seed: ["intro", id])) } ?? .null
      ),
      ("recurringSubscriptionPeriod", .string(terms.period.iso8601)),
      ("subscriptionGroupID", .string(groupID)),
      ("winbackOffers", .array(terms.winBackOffers.map { identified($0, kind: "winback", product: id) })),
    ]
    if !terms.billingPlans.isEmpty {
      members.append(("billingPlans", .array(terms.billingPlans.map { billingPlan($0, product: id) })))
    }
    return object(members)
  }

  private func offerTerms(_ offer: Offer, seed: [String]) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("internalID", .string(internalID(seed))), ("paymentMode", .string(offer.mode.xcodeName)),
      ("subscriptionPeriod", .string(offer.period.iso8601)),
    ]
    switch offer.mode {
    case .freeTrial: break
    case .payUpFront, .oneTime: members.append(("displayPrice", amount(offer.price)))
    case .payAsYouGo:
      members += [
        ("displayPrice", amount(offer.price)), ("numberOfPeriods", .number(String(offer.numberOfPeriods))),
      ]
    }
    return members
  }

  private func identified(_ offer: Offer, kind: String, product: String) -> JSONValue {
    let id = offer.id ?? ""
    let name = details.referenceNames[StoreKitFileDetails.key([kind, product, id])] ?? id
    return object(
      offerTerms(offer, seed: [kind, product, id]) + [
        ("offerID", .string(id)), ("referenceName", .string(name)),
      ])
  }

  private func codeOffer(_ offer: CodeOffer, index: Int, product: String) -> JSONValue {
    object(
      offerTerms(offer.terms, seed: ["code", product, String(index)]) + [
        ("eligibility", .array(offer.eligibility.map { .string($0.rawValue) })),
        ("isStackable", .bool(offer.isStackable)), ("referenceName", .string(offer.referenceName)),
      ])
  }

  private func billingPlan(_ plan: BillingPlan, product: String) -> JSONValue {
    object([
      ("billingPlanType", .string(plan.kind.rawValue)),
      ("commitmentDisplayPrice", amount(plan.commitmentPrice)),
      ("displayPrice", amount(plan.price)),
      ("internalID", .string(internalID(["plan", product, plan.kind.rawValue]))),
      ("isEnabled", .bool(plan.isEnabled)),
    ])
  }

  private func settings(_ settings: StoreKitSettings) -> JSONValue {
    var members: [(String, JSONValue)] = []
    for (key, path) in StoreKitSettings.booleanKeys {
      if let flag = settings[keyPath: path] { members.append((key, .bool(flag))) }
    }
    for (key, path) in StoreKitSettings.integerKeys {
      if let number = settings[keyPath: path] { members.append((key, .number(String(number)))) }
    }
    for (key, path) in StoreKitSettings.stringKeys {
      if let text = settings[keyPath: path] { members.append((key, .string(text))) }
    }
    if let date = settings.lastSynchronizedDate { members.append(("_lastSynchronizedDate", .number(date))) }
    if let errors = settings.storeKitErrors { members.append(("_storeKitErrors", .array(errors.map(error)))) }
    members += settings.unknownMembers.map { ($0.key, $0.value) }
    return object(members)
  }

  private func error(_ setting: StoreKitErrorSetting) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("current", setting.current), ("enabled", .bool(setting.isEnabled)), ("name", .string(setting.name)),
    ]
    if let empty = setting.emptyOnError { members.append(("emptyOnError", .bool(empty))) }
    return object(members)
  }

  /// An object with its members sorted as Xcode sorts keys: ignoring letter case.
  private func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(
      members.sorted { ($0.0.lowercased(), $0.0) < ($1.0.lowercased(), $1.0) }.map { JSONMember($0.0, $0.1) })
  }

  private func amount(_ value: Decimal) -> JSONValue {
    .string(NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX")))
  }

  /// The id the file gave a product, group or offer, else one derived from its identifiers.
  private func internalID(_ parts: [String]) -> String {
    details.internalIDs[StoreKitFileDetails.key(parts)] ?? Self.derivedID(parts)
  }

  /// Eight hex digits derived from the parts (FNV-1a), like the ids Xcode makes up for local files.
  private static func derivedID(_ parts: [String]) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in parts.joined(separator: "\u{1F}").utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    let hex = String(hash, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}
