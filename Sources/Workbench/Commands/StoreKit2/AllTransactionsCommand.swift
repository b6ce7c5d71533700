import ArgumentParser
import Simulation

/// `all-transactions [PRODUCT]`: `Transaction.all` / `Transaction.all(for:)`.
struct AllTransactionsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "all-transactions",
    abstract: "List Transaction.all (or all(for: PRODUCT)): every transaction, refunded ones included.",
    discussion: """
      Finished consumables are left out, as StoreKit leaves them out unless the app sets \
      SKIncludeConsumableInAppPurchaseHistory; re-downloads are the same transactions again.
      """)

  @Argument(help: "A product.", completion: .session(.products))
  var productId: String?

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  /// It only shows, unless it signs a transaction `unverified-next` damages (the damage is used up).
  func changesWorld(in session: Session) -> Bool { session.nextSignatureIsDamaged }

  func execute(in session: Session) throws {
    if let productId { try session.requireProduct(productId) }
    let records = CurrentEntitlements.allTransactions(of: try session.account, productId: productId)
    guard !records.isEmpty else { return session.print("no transactions") }
    for record in records { session.print(try session.storeKit2Line(record)) }
  }
}
