import Foundation

/// Reads the offers of one subscription in an Xcode StoreKit configuration file: its introductory
/// offer (`introductoryOffer`, or in version 5 the up-front entry of `introductoryOffers`),
/// promotional (`adHocOffers`) and win-back offers (`winbackOffers`) by `offerID`, offer codes
/// (`codeOffers`) and billing plans (`billingPlans`).
struct StoreKitOfferReader {
  func introductoryOffer(_ object: JSONObjectReader) throws(CatalogError) -> Offer? {
    if let node = object.optional("introductoryOffer") { return try terms(node, id: nil) }
    let entries = try object.optional("introductoryOffers")?.array() ?? []
    var chosen = entries.first
    for entry in entries {
      let plan = try entry.object().optional("billingPlanType")?.string()
      if plan == nil || plan == BillingPlan.Kind.billedUpFront.rawValue {
        chosen = entry
        break
      }
    }
    return try chosen.map { (node) throws(CatalogError) in try terms(node, id: nil) }
  }

  func identifiedOffers(_ node: JSONNode?, kind: Offer.Kind) throws(CatalogError) -> [Offer] {
    var result: [Offer] = []
    for offerNode in try node?.array() ?? [] {
      let idNode = try offerNode.object().required("offerID")
      var offer = try terms(offerNode, id: try idNode.nonEmptyString())
      offer.kind = kind
      if result.contains(where: { $0.id == offer.id }) {
        throw idNode.fail("duplicate offerID \"\(offer.id ?? "")\"")
      }
      result.append(offer)
    }
    return result
  }

  func codeOffers(_ node: JSONNode?) throws(CatalogError) -> [CodeOffer] {
    var result: [CodeOffer] = []
    for offerNode in try node?.array() ?? [] {
      let object = try offerNode.object()
      result.append(
        CodeOffer(
          referenceName: try object.required("referenceName").nonEmptyString(),
          terms: try terms(offerNode, id: nil), eligibility: try object.required("eligibility").eligibility(),
          isStackable: try object.optional("isStackable")?.bool() ?? false))
    }
    return result
  }

  func billingPlans(_ node: JSONNode?) throws(CatalogError) -> [BillingPlan] {
    var result: [BillingPlan] = []
    for planNode in try node?.array() ?? [] {
      let object = try planNode.object()
      let kindNode = try object.required("billingPlanType")
      let kindName = try kindNode.string()
      guard let kind = BillingPlan.Kind(rawValue: kindName) else {
        throw kindNode.fail("unknown billingPlanType \"\(kindName)\" (expected BILLED_UPFRONT or MONTHLY)")
      }
      result.append(
        BillingPlan(
          kind: kind, price: try object.required("displayPrice").decimalAmount(),
          commitmentPrice: try object.required("commitmentDisplayPrice").decimalAmount(),
          isEnabled: try object.optional("isEnabled")?.bool() ?? true))
    }
    return result
  }

  /// The terms every kind of offer shares: `paymentMode`, `subscriptionPeriod`, `numberOfPeriods`
  /// (pay as you go) and `displayPrice` (paid modes).
  private func terms(_ node: JSONNode, id: String?) throws(CatalogError) -> Offer {
    let object = try node.object()
    let modeNode = try object.required("paymentMode")
    let modeName = try modeNode.string()
    guard let mode = Offer.PaymentMode.allCases.first(where: { $0.xcodeName == modeName && $0 != .oneTime })
    else {
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
