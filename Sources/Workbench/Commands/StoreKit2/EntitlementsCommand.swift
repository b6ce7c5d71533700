import ArgumentParser
import Simulation

/// `entitlements [PRODUCT]`: `Transaction.currentEntitlements` / `currentEntitlement(for:)`.
struct EntitlementsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "entitlements",
    abstract: "List Transaction.currentEntitlements (or currentEntitlement(for: PRODUCT)).",
    discussion: """
      By Apple's rules: each non-consumable owned (bought or family-shared), the latest transaction \
      of each auto-renewable subscription that is subscribed or in its grace period, the latest of \
      each non-renewing subscription; never consumables, refunded or revoked transactions, expired \
      or billing-retry subscriptions.
      """)

  @Argument(help: "A product, for currentEntitlement(for:).", completion: .session(.products))
  var productId: String?

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  /// It only shows, unless it signs a transaction `unverified-next` damages (the damage is used up).
  func changesWorld(in session: Session) -> Bool { session.nextSignatureIsDamaged }

  func execute(in session: Session) throws {
    if let productId { try session.requireProduct(productId) }
    let account = try session.account
    let now = session.world.store.clock.now
    let entitled = CurrentEntitlements.of(account, at: now).filter {
      productId == nil || $0.productId == productId
    }
    guard !entitled.isEmpty else {
      return session.print(productId.map { "no entitlement to \($0)" } ?? "no entitlements")
    }
    for record in entitled { session.print(try session.storeKit2Line(record)) }
  }
}
