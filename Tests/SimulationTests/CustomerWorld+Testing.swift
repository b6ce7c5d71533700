import Catalog
import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// A customer's catalog: a consumable, a non-consumable, and two subscriptions in groups of their
/// own.
private let customerCatalog = """
  {
    "bundleId": "com.example.customer", "appVersion": "7.2", "storefront": "USA",
    "products": [
      { "id": "gems.50", "type": "consumable", "referenceName": "50 Gems",
        "localizations": { "en_US": { "title": "50 Gems", "description": "A handful of gems." } },
        "price": "0.99" },
      { "id": "castle.skin", "type": "non-consumable", "referenceName": "Castle Skin",
        "localizations": { "en_US": { "title": "Castle Skin", "description": "A stone castle." } },
        "price": "2.99" },
      { "id": "pro.monthly", "type": "auto-renewable", "referenceName": "Pro Monthly",
        "localizations": { "en_US": { "title": "Pro", "description": "Everything, monthly." } },
        "price": "4.99", "subscription": { "group": "Pro", "level": 1, "period": "P1M" } },
      { "id": "news.weekly", "type": "auto-renewable", "referenceName": "News Weekly",
        "localizations": { "en_US": { "title": "News", "description": "The news, weekly." } },
        "price": "1.99", "subscription": { "group": "News", "level": 1, "period": "P1W" } }
    ]
  }
  """

extension World {
  /// A customer who bought a consumable, a non-consumable and two subscriptions on 2026-01-01,
  /// turned off the weekly one's renewal (it expired a week later), and whose monthly one renewed
  /// once and then, a card failing, entered billing retry on 2026-03-01. A notification URL is
  /// registered, so every event has its signed notification.
  static func customer() throws -> World {
    let world = World(
      catalog: try CatalogLoader.parse(Array(customerCatalog.utf8)), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    world.notificationTransport = ScriptedTransport()
    try world.notifications.add(NotificationURL("http://127.0.0.1:9/", environment: .sandbox))
    for product in ["gems.50", "castle.skin", "pro.monthly", "news.weekly"] { _ = try world.buy(product) }
    try world.store.setAutoRenew(false, productId: "news.weekly", account: try world.customerAccount())
    try world.advanceClock(by: TimeSpan(months: 1, seconds: 86_400))
    world.store.isBillingRetryOn = true
    try world.advanceClock(by: TimeSpan(months: 1))
    return world
  }

  /// The customer's account.
  func customerAccount() throws -> Account {
    try #require(store.account(named: "default"))
  }

  /// The subscription of a product's group.
  func subscription(_ group: String) throws -> SubscriptionState {
    try #require(customerAccount().subscriptions[group])
  }
}

/// Checks that an imported transaction says what the world's record says.
func expectSame(
  _ imported: CustomerTransaction?, _ record: PurchaseRecord,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let imported else {
    Issue.record("transaction \(record.transactionNumber) was not imported", sourceLocation: sourceLocation)
    return
  }
  #expect(
    imported.originalTransactionNumber == record.originalTransactionNumber, sourceLocation: sourceLocation)
  #expect(imported.productId == record.productId, sourceLocation: sourceLocation)
  #expect(imported.quantity == record.quantity, sourceLocation: sourceLocation)
  #expect(imported.purchaseDate == record.purchaseDate, sourceLocation: sourceLocation)
  #expect(imported.originalPurchaseDate == record.originalPurchaseDate, sourceLocation: sourceLocation)
  #expect(imported.expiresDate == record.expiresDate, sourceLocation: sourceLocation)
  #expect(imported.webOrderLineItemNumber == record.webOrderLineItemNumber, sourceLocation: sourceLocation)
}

/// Checks that an imported renewal says what the world's subscription says.
///
/// - Parameter signed: Whether it was read from signed renewal info, which says `expirationIntent`
///   2 while Apple retries a failed renewal (verifyReceipt's `expiration_intent` waits for the expiry).
func expectSame(
  _ imported: CustomerRenewal?, _ state: SubscriptionState, signed: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let imported else {
    Issue.record(
      "renewal of \(state.originalTransactionNumber) was not imported", sourceLocation: sourceLocation)
    return
  }
  #expect(imported.productId == state.productId, sourceLocation: sourceLocation)
  #expect(imported.autoRenewProductId == state.autoRenewProductId, sourceLocation: sourceLocation)
  #expect(imported.isAutoRenewOn == state.isAutoRenewOn, sourceLocation: sourceLocation)
  let retrying = signed && state.billingRetryStart != nil
  let intent = state.expirationIntent ?? (retrying ? .billingError : nil)
  #expect(imported.expirationIntent == intent, sourceLocation: sourceLocation)
}

/// The message of the `ImportError` a read throws, or a recorded issue when it does not throw one.
func importFailure(
  sourceLocation: SourceLocation = #_sourceLocation, _ read: () throws(ImportError) -> CustomerData
) -> String {
  do {
    let data = try read()
    Issue.record("expected an ImportError, read \(data)", sourceLocation: sourceLocation)
    return ""
  } catch {
    return error.description
  }
}
