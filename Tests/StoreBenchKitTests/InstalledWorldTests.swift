import Foundation
import StoreBenchKit
import Testing

/// Tests that install a world for the whole process (`Task.detached` listeners, and every
/// `SKTestSession`, which installs its world as Xcode's one test environment does). They are nested
/// in `SmokeTests`, whose `.serialized` covers its nested suites: one installing test at a time,
/// while the tests that run in a world of their own (`store.run { }`) go on in parallel.
extension SmokeTests {
  @Suite struct InstalledWorldTests {
    @Test func theCurrentStoreIsTheTasksThenTheInstalledOneThenNone() async throws {
      #expect(TestStore.current == nil, "no store outside run and install")
      let store = try Fixtures.store()
      let installed = try Fixtures.store()
      await store.run {
        #expect(TestStore.current === store)
        let child = await Task { TestStore.current === store }.value
        #expect(child, "a Task inherits the task's store")
      }
      #expect(TestStore.current == nil)
      installed.install()
      defer { installed.uninstall() }
      #expect(TestStore.current === installed)
      await store.run {
        #expect(TestStore.current === store, "run wins over the installed store")
        let detached = await Task.detached { TestStore.current === installed }.value
        #expect(detached, "a detached task does not inherit run's store: it sees the installed one")
      }
      store.uninstall()
      #expect(TestStore.current === installed, "uninstalling another store changes nothing")
      installed.uninstall()
      #expect(TestStore.current == nil)
    }

    @Test func aDetachedListenerHearsRenewalsAndApprovalsInTheInstalledWorld() async throws {
      let store = try Fixtures.store()
      store.install()
      let heard = Log<String>()
      let states = Log<Product.SubscriptionInfo.RenewalState>()
      // The sample code's listener, started at launch.
      let updates = Task.detached {
        for await result in Transaction.updates {
          guard case .verified(let transaction) = result else { continue }
          await heard.add("\(transaction.productID) \(transaction.reason.rawValue)")
          await transaction.finish()
        }
      }
      let statuses = Task.detached {
        for await status in Product.SubscriptionInfo.Status.updates { await states.add(status.state) }
      }
      // The app's purchase, on the main actor as a view model's would be.
      let bought = try await Task { @MainActor in try await Fixtures.buy("pro.monthly") }.value
      await bought.finish()
      try store.renew(productID: "pro.monthly")
      store.setAskToBuy(true)
      #expect(try await PurchaseTests.outcome(of: try await Fixtures.product("level.pack")) == "pending")
      try store.approveAskToBuy(productID: "level.pack")
      await store.settle()
      #expect(await heard.items == ["pro.monthly RENEWAL", "level.pack PURCHASE"])
      #expect(await states.items == [.subscribed, .subscribed], "the purchase, then the renewal")
      for listener in [updates, statuses] {
        listener.cancel()
        await listener.value
      }
      store.uninstall()
    }
  }
}
