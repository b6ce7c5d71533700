import ArgumentParser
import Store

/// `status PRODUCT`: one subscription in detail.
struct StatusCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show the subscription of a product's group: status, renewal, offers, billing.",
    discussion: """
      A subscription bought with a billing plan shows it; in a 12-month commitment billed monthly, \
      the month of the commitment, when it ends and what follows (a new commitment, or the end \
      when auto-renew is off: the months left are billed all the same).
      """)

  @Argument(
    help: "An auto-renewable product (any product of the group).", completion: .session(.autoRenewables))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let store = session.world.store
    let state = try store.subscription(for: productId, account: session.account)
    let now = store.clock.now
    let end = PeriodEnd.of(state, in: try session.account)
    var rows: [[String]] = [
      ["group", state.group],
      ["product", state.productId],
      ["status", state.status(at: now).rawValue],
      [end.label, end.date],
      ["auto-renew", "\(state.isAutoRenewOn ? "on" : "off") (renews as \(state.autoRenewProductId))"],
      ["renewals", String(state.renewals)],
      ["original transaction", String(state.originalTransactionNumber)],
    ]
    let status = state.status(at: now)
    if status.isEntitled && status != .inGrace && state.willRenewNext {
      rows.append(["next renewal", Timestamp.iso8601(state.expiresDate)])
    }
    if let plan = state.billingPlan, state.isLive {
      rows.append(["billing plan", plan.word])
      if let words = Store.commitmentWords(state) { rows.append(["commitment", words]) }
    }
    if let offer = state.offer, [.inTrial, .inIntro, .inOffer].contains(status) {
      rows.append([
        "offer", offer.id.map { "\(offer.kind.name) \($0): \(offer)" } ?? "introductory: \(offer)",
      ])
    }
    if let intent = state.expirationIntent { rows.append(["expiration intent", intent.description]) }
    if let since = state.billingRetryStart { rows.append(["billing retry since", Timestamp.iso8601(since)]) }
    if let grace = state.gracePeriodExpiresDate {
      rows.append(["grace period until", Timestamp.iso8601(grace)])
    }
    if state.priceConsent != .none { rows.append(["price increase", "\(state.priceConsent)"]) }
    session.print(lines: TextTable.render(rows))
  }
}
