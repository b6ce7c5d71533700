import ArgumentParser
import Simulation
import Store

/// `all-transactions [PRODUCT]`: `Transaction.all` / `Transaction.all(for:)`.
struct AllTransactionsCommand: StoreKit2Listing {
  static let configuration = CommandConfiguration(
    commandName: "all-transactions",
    abstract: "List Transaction.all (or all(for: PRODUCT)): every transaction, refunded ones included.",
    discussion: """
      Finished consumables are left out, as StoreKit leaves them out unless the app sets \
      SKIncludeConsumableInAppPurchaseHistory; re-downloads are the same transactions again.
      """)

  @Argument(help: "A product.", completion: .session(.products))
  var productId: String?

  var noneLine: String { "no transactions" }

  func records(in session: Session) throws -> [PurchaseRecord] {
    CurrentEntitlements.allTransactions(of: try session.account, productId: productId)
  }
}
