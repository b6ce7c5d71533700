import ArgumentParser
import Store

/// `buy-backdated PRODUCT DATE [--cancel-immediately] [--force]`: StoreKit Testing's purchase
/// option `.purchaseDate(_:renewalBehavior:)`.
struct BuyBackdatedCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "buy-backdated",
    abstract: "Buy a product as though bought at an earlier date (like the purchaseDate purchase option).",
    discussion: """
      DATE is UTC, as `clock set` reads it, not after now. The purchase is dated DATE at today's \
      price and arrives as a transaction made outside the app (as from another device), then every \
      renewal due since happens, each with its own transaction, as moving the clock would have made \
      them (billing retry and the time rate apply). --cancel-immediately turns auto-renew off from \
      the start, as renewalBehavior .cancelImmediately: the subscription expires at the end of its \
      first period. The clock does not move. Refused for a non-consumable already owned or a \
      subscription group with a live subscription. A purchase that would make more renewals than \
      advance-clock's budget is refused unless --force is given.
      """)

  @Argument(help: "The product identifier.", completion: .session(.products))
  var productId: String

  @Argument(help: "When it was bought, such as 2025-10-01 or 2025-10-01T12:00:00Z.")
  var date: String

  @Flag(help: "Auto-renew off from the start: one period, then the subscription expires.")
  var cancelImmediately = false

  @Flag(help: "Run a purchase making more renewals than the budget.")
  var force = false

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    try requireNonEmpty(date, "the date")
  }

  func execute(in session: Session) throws {
    guard let instant = Timestamp.parsePrecise(date) else {
      throw WorkbenchError(
        .invalidValue, "\"\(date)\" is not a date such as 2026-03-01 or 2026-03-01T12:00:00Z")
    }
    if !force, !cancelImmediately {
      try AdvanceClockCommand.checkBudget(
        of: "buy-backdated \(productId) \(date)",
        renewals: session.world.store.estimatedRenewals(ofBackdated: productId, at: instant),
        otherwise: "give a later date or a slower time-rate")
    }
    try session.world.purchase(
      productId: productId, backdatedTo: instant,
      renewal: cancelImmediately ? .cancelImmediately : .renewUntilNow,
      on: session.device)
  }
}
