import ArgumentParser
import Simulation
import Store

/// `entitlements [PRODUCT]`: `Transaction.currentEntitlements` / `currentEntitlement(for:)`.
struct EntitlementsCommand: StoreKit2Listing {
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

  var noneLine: String { productId.map { "no entitlement to \($0)" } ?? "no entitlements" }

  func records(in session: Session) throws -> [PurchaseRecord] {
    CurrentEntitlements.of(try session.account, at: session.world.store.clock.now).filter {
      productId == nil || $0.productId == productId
    }
  }
}
