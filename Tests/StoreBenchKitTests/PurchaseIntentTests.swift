import Foundation
import StoreBenchKit
import Testing

/// `PurchaseIntent`: a purchase the customer started in the App Store, completed by the app.
@Suite struct PurchaseIntentTests {
  @Test func aPromotedPurchaseReachesTheAppWhichCompletesIt() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try store.promote(productID: "level.pack")
      await store.settle()
      let intent = try #require(await app.intents.items.first)
      let id: Product.ID = intent.id
      #expect(id == "level.pack")
      #expect(intent.product.id == "level.pack")
      #expect(intent.offer == nil)
      #expect(intent == intent)
      guard case .success(.verified(let transaction)) = try await intent.product.purchase() else {
        Issue.record("the intent's purchase is not a verified success")
        return
      }
      #expect(transaction.productID == "level.pack")
      #expect(throws: TestStoreError.self) { try store.promote(productID: "no.such.product") }
    }
  }

  @Test func aWinBackIntentCarriesItsOffer() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try store.promote(productID: "pro.monthly", winBackOfferID: "pro.comeback")
      let intents: PurchaseIntent.PurchaseIntents = PurchaseIntent.intents
      var iterator: PurchaseIntent.PurchaseIntents.AsyncIterator = intents.makeAsyncIterator()
      let intent = try #require(await iterator.next(), "held for the first listener")
      #expect(intent.offer?.id == "pro.comeback")
      #expect(intent.offer?.type == .winBack)
    }
  }
}
