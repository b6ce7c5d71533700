import ArgumentParser
import Simulation
import Store

/// `updates`: what the StoreKit 2 listener got from `Transaction.updates` since the app launched.
struct UpdatesCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "updates",
    abstract: "List what the StoreKit 2 listener got from Transaction.updates since the app launched.",
    discussion: """
      Transactions made outside the app's own purchase call arrive here: purchases on another \
      device, renewals, family sharing, Ask to Buy approvals, purchases made through StoreKit 1, \
      refunds and revocations; unfinished transactions once, when the listener starts. A purchase \
      the app made on this device through `purchase` returns through its PurchaseResult instead.
      """)

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let app = session.device.storeKit2
    guard !app.updates.isEmpty else {
      return session.print(
        "no updates since launch (listener \(app.isListening ? "listening" : "not started"))")
    }
    let earlier = app.updatesSinceLaunch - app.updates.count
    if earlier > 0 {
      session.print(
        "\(Wording.plural(earlier, "earlier update")) no longer kept (the app keeps the latest \(StoreKit2App.updatesKept) or more)"
      )
    }
    for (index, update) in app.updates.enumerated() {
      let handle = update.handle.map { " (#\($0))" } ?? ""
      session.print(
        "\(earlier + index + 1). \(update.origin.rawValue) \(update.transactionId) \(update.productId)\(handle), \(update.verification)"
      )
    }
  }
}
