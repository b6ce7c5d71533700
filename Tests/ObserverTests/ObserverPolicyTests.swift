import Catalog
import Foundation
import Queue
import Store
import Testing

@testable import Observer

private let soccer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("catalog/soccer.json").path

@Suite struct ObserverPolicyTests {
  let queue: PaymentQueue
  let storage = AppStorage()
  var events: [Event] { recorder.events }
  private let recorder = Recorder()

  private final class Recorder {
    var events: [Event] = []
  }

  init() throws {
    let recorder = self.recorder
    let store = Store(
      catalog: try CatalogLoader.load(path: soccer), log: EventLog { recorder.events.append($0) })
    queue = PaymentQueue(
      device: "iPhone", store: store, account: try #require(store.account(named: "default")),
      registry: TransactionRegistry())
  }

  private func observe(with policy: ObserverPolicy) {
    queue.add(observer: AppObserver(name: "app", policy: policy, storage: storage))
  }

  private func buy(_ productId: String, quantity: Int = 1) throws -> PaymentTransaction {
    let transaction = try queue.add(Payment(productId: productId, quantity: quantity))
    queue.deliverNotifications()
    return transaction
  }

  @Test func aCorrectAppDeliversAndFinishes() throws {
    observe(with: .correct)
    let bottles = try buy("EnergyBottle", quantity: 3)
    let globe = try buy("GoldenGlobe")
    #expect(storage.balances["EnergyBottle"] == 3)
    #expect(storage.unlocked == ["GoldenGlobe"])
    #expect(bottles.isFinished && globe.isFinished)
    #expect(queue.transactions.isEmpty)
  }

  @Test func aCorrectAppFinishesFailedTransactions() throws {
    observe(with: .correct)
    queue.pendingCancellations = 1
    let failed = try buy("GoldenGlobe")
    #expect(failed.state == .failed && failed.isFinished)
    #expect(storage.isEmpty)
  }

  @Test func neverFinishFailedLeavesThemInTheQueue() throws {
    observe(with: try #require(ObserverPolicy.preset(named: "never-finish-failed")))
    queue.pendingCancellations = 1
    let failed = try buy("GoldenGlobe")
    #expect(!failed.isFinished)
    #expect(queue.transactions.map(\.handle) == [failed.handle])
  }

  @Test func finishBeforeDeliverFinishesFirst() throws {
    observe(with: try #require(ObserverPolicy.preset(named: "finish-before-deliver")))
    _ = try buy("GoldenGlobe")
    let appActions = events.filter {
      $0.actor == "app" && ["deliver", "finishTransaction"].contains($0.action)
    }
    #expect(appActions.map(\.action) == ["finishTransaction", "deliver"])
    #expect(storage.unlocked == ["GoldenGlobe"])
  }

  @Test func ignoreRestoredNeitherDeliversNorFinishesRestores() throws {
    observe(with: try #require(ObserverPolicy.preset(named: "ignore-restored")))
    _ = try buy("GoldenGlobe")
    queue.restoreCompletedTransactions()
    queue.deliverNotifications()
    #expect(queue.transactions.map(\.state) == [.restored])
  }

  @Test func actionListsParse() {
    #expect(ObserverPolicy.parseActions("deliver,finish") == [.deliver, .finish])
    #expect(ObserverPolicy.parseActions("finish,deliver") == [.finish, .deliver])
    #expect(ObserverPolicy.parseActions("none") == [])
    #expect(ObserverPolicy.parseActions("deliver,deliver") == nil)
    #expect(ObserverPolicy.parseActions("ship") == nil)
    #expect(ObserverPolicy.parseActions("") == nil)
  }

  @Test func presetsAreNamedAndDescribed() {
    #expect(ObserverPolicy.correct.presetName == "correct")
    #expect(
      ObserverPolicy.correct.description == "purchased=deliver+finish restored=deliver+finish failed=finish")
    #expect(ObserverPolicy.correct.actions(for: .deferred).isEmpty)
    #expect(Set(ObserverPolicy.presets.map(\.name)).count == ObserverPolicy.presets.count)
  }
}
