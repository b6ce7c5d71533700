import Foundation
import JSON

extension Catalog {
  /// The catalog in storebench's native format, as ``CatalogLoader/parse(_:)`` reads it back to an
  /// equal catalog: keys in the format's order, defaults left out.
  public var document: JSONValue {
    var members: [JSONMember] = [
      .init("bundleId", .string(bundleId)), .init("appVersion", .string(appVersion)),
      .init("storefront", .string(baseStorefront.id)),
    ]
    if !storefronts.isEmpty {
      members.append(
        .init(
          "storefronts",
          .array(
            storefronts.map {
              .object([
                .init("id", .string($0.id)), .init("currency", .string($0.currency)),
                .init("locale", .string($0.defaultLocale)),
              ])
            })))
    }
    members.append(.init("products", .array(products.map(\.document))))
    return .object(members)
  }
}

extension Product {
  /// The product in the native catalog format.
  var document: JSONValue {
    var members: [JSONMember] = [
      .init("id", .string(id)), .init("type", .string(type.rawValue)),
      .init("referenceName", .string(referenceName)),
      .init(
        "localizations",
        .object(
          localizations.map {
            .init(
              $0.locale,
              .object([
                .init("title", .string($0.text.title)), .init("description", .string($0.text.description)),
              ]))
          })),
      .init("price", .amount(basePrice)),
    ]
    if !storefrontPrices.isEmpty {
      members.append(
        .init(
          "prices",
          .object(storefrontPrices.keys.sorted().map { .init($0, .amount(storefrontPrices[$0] ?? 0)) })))
    }
    if !isClearedForSale { members.append(.init("clearedForSale", .bool(false))) }
    if isFamilyShareable { members.append(.init("familyShareable", .bool(true))) }
    if let subscription { members.append(.init("subscription", subscription.document)) }
    if let nonRenewingPeriod { members.append(.init("period", .string(nonRenewingPeriod.iso8601))) }
    if !codeOffers.isEmpty {
      members.append(
        .init("codeOffers", .array(codeOffers.map { $0.document(subscription: subscription != nil) })))
    }
    if let hostedContent {
      members.append(
        .init(
          "hostedContent",
          .object([
            .init("contentId", .string(hostedContent.contentId)),
            .init("version", .string(hostedContent.version)),
            .init("size", .number(String(hostedContent.size))),
          ])))
    }
    return .object(members)
  }
}

extension Subscription {
  /// The subscription section in the native catalog format.
  var document: JSONValue {
    var members: [JSONMember] = [
      .init("group", .string(group)), .init("level", .number(String(level))),
      .init("period", .string(period.iso8601)),
    ]
    if let groupID { members.insert(.init("groupID", .string(groupID)), at: 1) }
    if let introductoryOffer { members.append(.init("introductoryOffer", introductoryOffer.document)) }
    if !promotionalOffers.isEmpty {
      members.append(.init("promotionalOffers", .array(promotionalOffers.map(\.document))))
    }
    if !winBackOffers.isEmpty {
      members.append(.init("winBackOffers", .array(winBackOffers.map(winBackDocument))))
    }
    if !billingPlans.isEmpty {
      members.append(.init("billingPlans", .array(billingPlans.map(\.document))))
    }
    return .object(members)
  }

  /// A win-back offer and its rules in the native catalog format.
  private func winBackDocument(_ offer: Offer) -> JSONValue {
    guard case .object(var members) = offer.document else { return offer.document }
    let rules = winBackRules[offer.id ?? ""] ?? .anyChurned
    if rules.minimumPaidMonths > 0 {
      members.append(.init("paidMonths", .number(String(rules.minimumPaidMonths))))
    }
    if rules.minimumMonthsSinceChurn > 0 || rules.maximumMonthsSinceChurn != nil {
      let bounds = [rules.minimumMonthsSinceChurn] + (rules.maximumMonthsSinceChurn.map { [$0] } ?? [])
      members.append(.init("churnedMonths", .array(bounds.map { .number(String($0)) })))
    }
    if rules.monthsBetweenRedemptions > 0 {
      members.append(.init("waitMonths", .number(String(rules.monthsBetweenRedemptions))))
    }
    return .object(members)
  }
}

extension CodeOffer {
  /// The code offer in the native catalog format: a subscription's offer terms, or another
  /// product's one-time price.
  func document(subscription: Bool) -> JSONValue {
    var members: [JSONMember] = [.init("referenceName", .string(referenceName))]
    if subscription, case .object(let terms) = terms.document {
      members += terms.filter { $0.key != "id" }
      members.append(.init("eligibility", .array(eligibility.map { .string($0.rawValue) })))
      if isStackable { members.append(.init("stackable", .bool(true))) }
    } else {
      members.append(.init("price", .amount(terms.price)))
    }
    if let storefronts { members.append(.init("storefronts", .array(storefronts.map { .string($0) }))) }
    if !customCodes.isEmpty {
      members.append(.init("customCodes", .array(customCodes.map(\.document))))
    }
    return .object(members)
  }
}

extension CodeOffer.CustomCode {
  /// The custom code in the native catalog format.
  var document: JSONValue {
    var members: [JSONMember] = [.init("code", .string(code))]
    if let limit { members.append(.init("limit", .number(String(limit)))) }
    if let expires { members.append(.init("expires", .string(CodeOffer.CustomCode.dateText(expires)))) }
    return .object(members)
  }

}

extension Offer {
  /// The offer in the native catalog format.
  var document: JSONValue {
    var members: [JSONMember] = []
    if let id { members.append(.init("id", .string(id))) }
    members += [.init("type", .string(mode.rawValue)), .init("period", .string(period.iso8601))]
    if numberOfPeriods != 1 { members.append(.init("periods", .number(String(numberOfPeriods)))) }
    switch mode {
    case .freeTrial: break
    case .payAsYouGo, .payUpFront, .oneTime: members.append(.init("price", .amount(price)))
    }
    return .object(members)
  }
}

extension JSONValue {
  /// A price amount as the catalog format writes it: a string holding a plain decimal.
  static func amount(_ amount: Decimal) -> JSONValue {
    .string(NSDecimalNumber(decimal: amount).stringValue)
  }
}

extension BillingPlan {
  /// The billing plan in the native catalog format: `type`, `price`, `commitmentPrice`, and
  /// `enabled` only when it is off.
  var document: JSONValue {
    var members: [JSONMember] = [
      .init("type", .string(kind.word)), .init("price", .amount(price)),
      .init("commitmentPrice", .amount(commitmentPrice)),
    ]
    if !isEnabled { members.append(.init("enabled", .bool(false))) }
    return .object(members)
  }
}
