import Foundation
import Queue
import Store
import Testing

@testable import Simulation

/// The StoreKit 2 side of a device: `Transaction.updates` delivery, purchase results, verification,
/// and what a saved world keeps of it.
@Suite struct StoreKit2Tests {
  /// A world whose app uses StoreKit 2.
  private func storeKit2World() throws -> World {
    let world = try World.onDefaultCatalog()
    world.device.useAPI(.storeKit2)
    return world
  }

  private func purchase(_ productId: String, in world: World) throws -> PaymentTransaction {
    let transaction = try world.device.storeKit2.purchase(productId, quantity: 1, appAccountToken: nil)
    world.settle()
    return transaction
  }

  @Test func aPurchaseInTheAppReturnsItsResultAndNeverReachesUpdates() throws {
    let world = try storeKit2World()
    let transaction = try purchase("level.pack", in: world)
    let app = world.device.storeKit2
    guard case .success(let handle, _, .verified) = app.results.last else {
      Issue.record("expected a verified success, got \(String(describing: app.results.last))")
      return
    }
    #expect(handle == transaction.handle)
    #expect(app.updates.isEmpty)
    #expect(transaction.isFinished)
    #expect(world.device.storage.unlocked.contains("level.pack"))
  }

  @Test func aPurchaseOnAnotherDeviceReachesUpdates() throws {
    let world = try storeKit2World()
    try world.addDevice(named: "iPad")
    try world.useDevice(named: "iPad")
    _ = try world.buy("level.pack")
    let iPhone = try #require(world.devices.first { $0.name == "iPhone" })
    #expect(iPhone.storeKit2.updates.map(\.productId) == ["level.pack"])
    #expect(iPhone.storeKit2.updates.first?.origin == .transaction)
    #expect(iPhone.storage.unlocked.contains("level.pack"))
  }

  @Test func aStoreKit1QueueNeverHearsAPurchaseMadeOnAnotherDevice() throws {
    let world = try World.onDefaultCatalog()
    try world.addDevice(named: "iPad")
    try world.useDevice(named: "iPad")
    world.device.useAPI(.storeKit2)
    _ = try purchase("level.pack", in: world)
    let iPhone = try #require(world.devices.first { $0.name == "iPhone" })
    #expect(iPhone.queue.transactions.isEmpty)
    #expect(!iPhone.storage.unlocked.contains("level.pack"))
  }

  @Test func anAskToBuyPurchaseIsPendingAndItsApprovalArrivesThroughUpdates() throws {
    let world = try storeKit2World()
    world.store.isAskToBuyOn = true
    let transaction = try purchase("level.pack", in: world)
    let app = world.device.storeKit2
    #expect(app.results.last == .pending(handle: transaction.handle))
    world.device.relaunch()
    try world.device.queue.approve(transaction)
    world.settle()
    #expect(app.updates.map(\.handle) == [transaction.handle])
    #expect(
      CurrentEntitlements.of(
        try #require(world.device.queue.account), at: world.store.clock.now, productId: "level.pack") != nil)
  }

  @Test func renewalsReachUpdatesAndTheRefundArrivesAsARevocation() throws {
    let world = try storeKit2World()
    let first = try purchase("pro.monthly", in: world)
    try world.advanceClock(by: try TimeSpan(parsing: "8d"))
    let app = world.device.storeKit2
    #expect(app.updates.map(\.origin) == [.transaction])
    let renewal = try #require(app.updates.first)
    try world.store.refund(
      transactionNumber: try #require(UInt64(renewal.transactionId)), reason: .other,
      account: try #require(world.device.queue.account))
    world.settle()
    #expect(app.updates.map(\.origin) == [.transaction, .revocation])
    #expect(!world.device.storage.unlocked.contains("pro.monthly"))
    #expect(first.isFinished)
  }

  @Test func unfinishedTransactionsAreDeliveredOnceAtEachLaunch() throws {
    let world = try storeKit2World()
    var policy = ListenerPolicy()
    policy.finishes = false
    world.device.storeKit2.setPolicy(policy)
    _ = try purchase("coins.100", in: world)
    _ = try purchase("level.pack", in: world)
    #expect(world.device.storeKit2.updates.isEmpty)
    world.device.relaunch()
    #expect(world.device.storeKit2.updates.map(\.origin) == [.unfinished, .unfinished])
    #expect(world.device.storage.balances["coins.100"] == 2)
    world.device.relaunch()
    #expect(world.device.storeKit2.updates.count == 2)
    #expect(world.device.storage.balances["coins.100"] == 3)
  }

  @Test func aLateListenerHearsNothingUntilItStartsThenTheUnfinishedOnce() throws {
    let world = try World.onDefaultCatalog()
    try world.addDevice(named: "iPad")
    let iPhone = world.device
    var policy = ListenerPolicy()
    policy.startsAtLaunch = false
    iPhone.storeKit2.setPolicy(policy)
    iPhone.useAPI(.storeKit2)
    #expect(!iPhone.storeKit2.isListening)
    try world.useDevice(named: "iPad")
    _ = try world.buy("level.pack")
    #expect(iPhone.storeKit2.updates.isEmpty)
    iPhone.storeKit2.startListening()
    #expect(iPhone.storeKit2.updates.isEmpty, "a purchase on another device is not in this queue")
  }

  @Test(arguments: VerificationError.producible)
  func eachDamageMakesTheCheckFailWithItsError(_ error: VerificationError) throws {
    let world = try storeKit2World()
    world.device.storeKit2.damageNext(error)
    let transaction = try purchase("level.pack", in: world)
    guard case .success(_, _, let verification) = world.device.storeKit2.results.last else {
      Issue.record("no success")
      return
    }
    #expect(verification == .unverified(error))
    #expect(!transaction.isFinished, "a correct app neither delivers nor finishes an unverified transaction")
    #expect(!world.device.storage.unlocked.contains("level.pack"))
    let signed = try world.storeKit2Transaction(try #require(transaction.record), on: world.device)
    #expect(signed.verification == .verified, "the damage applies to one transaction only")
  }

  @Test func aCancelledSheetIsUserCancelledAndLeavesNothingInTheQueue() throws {
    let world = try storeKit2World()
    world.device.queue.pendingCancellations = 1
    _ = try purchase("level.pack", in: world)
    #expect(world.device.storeKit2.results.last == .userCancelled)
    #expect(world.device.queue.transactions.isEmpty)
  }

  @Test func aRefusedPaymentThrowsItsStoreKit2Error() throws {
    let world = try storeKit2World()
    world.device.queue.canMakePayments = false
    _ = try purchase("level.pack", in: world)
    #expect(world.device.storeKit2.results.last == .failed(error: "Product.PurchaseError.purchaseNotAllowed"))
  }

  @Test func anAppAccountTokenGivenAtPurchaseIsInTheSignedTransaction() throws {
    let world = try storeKit2World()
    let token = "7e3f5a2c-1b9d-4c8e-a6f0-3d2b1c9e8a7f"
    let transaction = try world.device.storeKit2.purchase("pro.monthly", quantity: 1, appAccountToken: token)
    world.settle()
    let record = try #require(transaction.record)
    #expect(SignedPayloadFactory(world: world).transaction(record).appAccountToken == token)
  }

  @Test func aSavedWorldKeepsTheStoreKit2Side() throws {
    let world = try storeKit2World()
    var policy = ListenerPolicy()
    policy.verifies = false
    world.device.storeKit2.setPolicy(policy)
    world.device.storeKit2.damageNext(.invalidEncoding)
    _ = try purchase("coins.100", in: world)
    world.device.storeKit2.damageNext(.invalidSignature)
    let bytes = try WorldFile.encode(world)
    let restored = try World(
      restoring: try WorldFile.decode(bytes), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    let app = restored.device.storeKit2
    #expect(restored.device.api == AppStoreKitChoice.storeKit2)
    #expect(app.policy == policy)
    #expect(app.results == world.device.storeKit2.results)
    #expect(app.damages == [VerificationError.invalidSignature])
    #expect(try WorldFile.encode(restored) == bytes)
  }

  @Test(arguments: [
    (true, "transactions[0].api: unknown value sk3"), (false, "devices[0].storeKit2.api: unknown value sk3"),
  ])
  func aDamagedStoreKit2ValueIsRefusedWithItsPath(purchases: Bool, message: String) throws {
    let world = try storeKit2World()
    if purchases { _ = try purchase("coins.100", in: world) }
    let text = String(decoding: try WorldFile.encode(world), as: UTF8.self)
      .replacingOccurrences(of: "\"api\": \"sk2\"", with: "\"api\": \"sk3\"")
    do {
      _ = try World(
        restoring: try WorldFile.decode(Array(text.utf8)), log: EventLog(),
        authorityDirectory: testAuthorityDirectory)
      Issue.record("a saved world with api sk3 was accepted")
    } catch {
      #expect(error.description.hasPrefix(message))
    }
  }
}
