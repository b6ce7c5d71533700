extension CatalogReader {
  /// The keys of a win-back offer besides its terms and id: its eligibility rules.
  private static let ruleKeys = ["paidMonths", "churnedMonths", "waitMonths"]

  /// A subscription's `winBackOffers`: promotional-style offers (`id`, `type`, `period`, …) with
  /// App Store Connect's eligibility rules: `paidMonths` (minimum paid service), `churnedMonths`
  /// (`[min, max]` months since the subscription expired; `max` may be left out) and `waitMonths`
  /// (between two win-back redemptions in the group).
  func readWinBackOffers(_ node: JSONNode?, into subscription: inout Subscription) throws(CatalogError) {
    for offerNode in try node?.array() ?? [] {
      var offer = try self.offer(offerNode, promotional: true, otherKeys: Self.ruleKeys)
      offer.kind = .winBack
      let id = offer.id ?? ""
      if subscription.winBackOffers.contains(where: { $0.id == id }) {
        throw offerNode.fail("duplicate win-back offer id \"\(id)\"")
      }
      subscription.winBackOffers.append(offer)
      subscription.winBackRules[id] = try rules(try offerNode.object())
    }
  }

  private func rules(_ object: JSONObjectReader) throws(CatalogError) -> WinBackRules {
    var rules = WinBackRules.anyChurned
    rules.minimumPaidMonths = try object.optional("paidMonths")?.integer(in: 0...120) ?? 0
    rules.monthsBetweenRedemptions = try object.optional("waitMonths")?.integer(in: 0...120) ?? 0
    if let node = object.optional("churnedMonths") {
      let bounds = try node.array()
      guard (1...2).contains(bounds.count) else {
        throw node.fail("expected [minimum] or [minimum, maximum] months since the subscription expired")
      }
      rules.minimumMonthsSinceChurn = try bounds[0].integer(in: 0...120)
      if bounds.count == 2 {
        let maximum = try bounds[1].integer(in: 0...120)
        guard maximum >= rules.minimumMonthsSinceChurn else {
          throw bounds[1].fail("the maximum is below the minimum (\(rules.minimumMonthsSinceChurn))")
        }
        rules.maximumMonthsSinceChurn = maximum
      }
    }
    return rules
  }
}
