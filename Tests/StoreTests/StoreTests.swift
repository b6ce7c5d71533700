import Catalog
import Foundation
import Testing
import Vocabulary

@testable import Store

func sampleCatalog() -> Catalog {
  func product(_ id: String, _ type: ProductType, _ price: Decimal, cleared: Bool = true) -> Product {
    Product(
      id: id, type: type, referenceName: id,
      localizations: [Localization(locale: "en_US", text: LocalizedText(title: id, description: ""))],
      basePrice: price, isClearedForSale: cleared)
  }
  return Catalog(
    bundleId: "com.example.test",
    products: [
      product("coin", .consumable, Decimal(string: "0.99")!),
      product("sword", .nonConsumable, Decimal(string: "1.99")!),
      product("old", .nonConsumable, 1, cleared: false),
    ])
}

@Suite struct StoreTests {
  let events = EventRecorder()

  private func makeStore() -> Store {
    Store(catalog: sampleCatalog(), log: EventLog(listener: events.record))
  }

  @Test func productsRequestSeparatesValidAndInvalid() {
    let response = makeStore().productsRequest(["sword", "nope", "old", "coin"])
    #expect(response.products.map(\.id) == ["sword", "coin"])
    #expect(response.invalidProductIdentifiers.map(\.id) == ["nope", "old"])
    #expect(response.invalidProductIdentifiers.map(\.reason) == [.unknown, .notClearedForSale])
  }

  @Test func anEmptyRequestAsksForTheWholeCatalog() {
    let response = makeStore().productsRequest([])
    #expect(response.products.count == 2)
    #expect(response.invalidProductIdentifiers.count == 1)
  }

  @Test func chargingRecordsAppleShapedIdsAndTheTotal() throws {
    let store = makeStore()
    let account = try #require(store.account(named: "default"))
    let first = try store.charge(productId: "coin", quantity: 3, account: account).get()
    let second = try store.charge(productId: "coin", quantity: 1, account: account).get()
    #expect(first.transactionId == "2000000000000001")
    #expect(second.transactionId == "2000000000000002")
    #expect(first.originalTransactionId == first.transactionId)
    #expect(first.charged == Price(amount: Decimal(string: "2.97")!, currency: "USD"))
    #expect(account.history.count == 2)
    #expect(events.actions == ["charged", "charged"])
  }

  @Test func buyingAnOwnedNonConsumableIsAFreeRedownloadOfTheOriginal() throws {
    let store = makeStore()
    let account = try #require(store.account(named: "default"))
    let original = try store.charge(productId: "sword", quantity: 1, account: account).get()
    try store.advanceClock(by: TimeSpan(months: 1))
    let again = try store.charge(productId: "sword", quantity: 1, account: account).get()
    #expect(again.reason == .redownload)
    #expect(again.charged.amount == 0)
    #expect(again.originalTransactionId == original.transactionId)
    #expect(again.originalPurchaseDate == original.purchaseDate)
    #expect(account.restorablePurchases.map(\.transactionId) == [original.transactionId])
  }

  @Test func aProductNotForSaleCannotBeCharged() throws {
    let store = makeStore()
    let account = try #require(store.account(named: "default"))
    #expect(
      store.charge(productId: "old", quantity: 1, account: account) == .failure(.storeProductNotAvailable))
    #expect(account.history.isEmpty)
  }

  @Test func theClockCannotGoBackOncePurchasesExist() throws {
    let store = makeStore()
    try store.setClock(to: try #require(Timestamp.parse("2025-06-01")))
    _ = store.charge(productId: "coin", quantity: 1, account: try #require(store.account(named: "default")))
    #expect(throws: StoreError.self) { try store.setClock(to: try #require(Timestamp.parse("2025-01-01"))) }
    #expect(throws: StoreError.self) { try store.replaceCatalog(with: sampleCatalog()) }
  }

  @Test func errorCodesAreFoundByNameOrNumber() {
    #expect(SKErrorCode(nameOrNumber: "2") == .paymentCancelled)
    #expect(SKErrorCode(nameOrNumber: "PaymentCancelled") == .paymentCancelled)
    #expect(SKErrorCode(nameOrNumber: "overlayPresentedInBackgroundScene")?.rawValue == 20)
    #expect(SKErrorCode(nameOrNumber: "21") == nil)
    #expect(SKErrorCode.allCases.count == 21)
    #expect(SKErrorCode.paymentCancelled.description == "SKError 2 paymentCancelled")
  }
}

/// Collects the events a log reports.
final class EventRecorder: @unchecked Sendable {
  private(set) var events: [Event] = []
  func record(_ event: Event) { events.append(event) }
  var actions: [String] { events.map(\.action) }
}
