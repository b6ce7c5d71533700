import ArgumentParser
import Simulation

/// `sync`: `AppStore.sync()`, StoreKit 2's answer to restoring purchases.
struct SyncCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "AppStore.sync(): fetch the customer's transactions and a new receipt (StoreKit 2's restore).",
    discussion: """
      StoreKit 2 has no restore: Transaction.currentEntitlements always answers from the App \
      Store, and AppStore.sync() is for a customer who asks to restore. storebench writes the device \
      a new receipt, as Apple does, and the StoreKit 2 app checks its entitlements again. A \
      StoreKit 1 app restores with `restore` instead.
      """)

  func execute(in session: Session) throws {
    _ = try session.account
    let count = try session.world.sync(session.device)
    session.print(
      "synced: \(count) entitlement\(count == 1 ? "" : "s"), a new receipt on \(session.device.name)")
  }
}
