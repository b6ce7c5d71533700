import Foundation

/// A store's endless sequences, and waiting until their listeners are quiet.
package final class Channels: Sendable {
  private let settler = Settler()
  /// `Transaction.updates`.
  package let transactions: Broadcast<VerificationResult<Transaction>>
  /// `Product.SubscriptionInfo.Status.updates`.
  package let statuses: Broadcast<Product.SubscriptionInfo.Status>
  /// `Storefront.updates`.
  package let storefronts: Broadcast<Storefront>
  /// `PurchaseIntent.intents`.
  package let intents: Broadcast<PurchaseIntent>

  package init() {
    transactions = Broadcast(name: "Transaction.updates", holds: true, settler: settler)
    statuses = Broadcast(name: "Product.SubscriptionInfo.Status.updates", holds: false, settler: settler)
    storefronts = Broadcast(name: "Storefront.updates", holds: false, settler: settler)
    intents = Broadcast(name: "PurchaseIntent.intents", holds: true, settler: settler)
    settler.watch { [weak transactions, weak statuses, weak storefronts, weak intents] in
      (transactions?.isQuiet ?? true) && (statuses?.isQuiet ?? true) && (storefronts?.isQuiet ?? true)
        && (intents?.isQuiet ?? true)
    }
  }

  /// How long ``settle()`` waits for a listener to start when something waits for one.
  package static let listenerStartLimit = Duration.seconds(2)

  /// Waits until every listener has taken everything published and waits for more. Something
  /// published while no listener listens waits for one to start; when none starts within
  /// ``listenerStartLimit``, `settle` says so on standard error and returns. Listeners still at
  /// work are waited for; a note on standard error says which, every ten seconds.
  package func settle() async {
    var waited = Duration.zero
    while !(await settler.waitUntilQuiet(limit: Self.listenerStartLimit)) {
      waited += Self.listenerStartLimit
      let broadcasts: [(String, (held: Int, busy: Int))] = [
        (transactions.name, transactions.activity), (statuses.name, statuses.activity),
        (storefronts.name, storefronts.activity), (intents.name, intents.activity),
      ]
      let busy = broadcasts.filter { $0.1.busy > 0 }
      if busy.isEmpty {
        let waiting = broadcasts.filter { $0.1.held > 0 }.map { "\($0.1.held) for \($0.0)" }
        Self.warn(
          "settle(): no listener started in \(waited): \(waiting.joined(separator: ", ")) still wait for one")
        return
      }
      if waited.components.seconds % 10 == 0 {
        let names = busy.map { "\($0.1.busy) listener(s) of \($0.0)" }
        Self.warn("settle(): still waiting for \(names.joined(separator: ", ")) to ask for the next element")
      }
    }
  }

  /// Waits until every listener has taken everything published, at most `limit`, saying nothing:
  /// how a connected store's listener lets the app's listeners catch up before it tells the server
  /// it has heard.
  ///
  /// - Returns: Whether they are quiet.
  package func waitUntilQuiet(limit: Duration) async -> Bool {
    await settler.waitUntilQuiet(limit: limit)
  }

  private static func warn(_ message: String) {
    FileHandle.standardError.write(Data("StoreBenchKit: \(message)\n".utf8))
  }
}
