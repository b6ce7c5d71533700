import Foundation

extension CatalogReader {
  /// A subscription's `billingPlans` in the native catalog: each `{"type": "monthly" |
  /// "billed-up-front", "price", "commitmentPrice", "enabled"}`, at most one of each type; a monthly
  /// plan needs a period of several months (it bills once a month over the period, the commitment).
  func billingPlans(_ node: JSONNode?, period: SubscriptionPeriod) throws(CatalogError) -> [BillingPlan] {
    var plans: [BillingPlan] = []
    for planNode in try node?.array() ?? [] {
      let object = try planNode.object()
      try object.rejectUnknownKeys(["type", "price", "commitmentPrice", "enabled"])
      let typeNode = try object.required("type")
      let typeName = try typeNode.string()
      guard let kind = BillingPlan.Kind(word: typeName) else {
        throw typeNode.fail("unknown billing plan type \"\(typeName)\" (expected monthly or billed-up-front)")
      }
      if plans.contains(where: { $0.kind == kind }) {
        throw typeNode.fail("duplicate billing plan type \"\(kind.word)\"")
      }
      if kind == .monthly, period.calendarComponents.months < 2 {
        throw typeNode.fail(
          "a monthly billing plan needs a period of several months (this subscription renews every \(period.iso8601))"
        )
      }
      plans.append(
        BillingPlan(
          kind: kind, price: try object.required("price").decimalAmount(),
          commitmentPrice: try object.required("commitmentPrice").decimalAmount(),
          isEnabled: try object.optional("enabled")?.bool() ?? true))
    }
    return plans
  }
}
