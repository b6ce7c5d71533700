import ArgumentParser
import Simulation

/// `latest PRODUCT`: `Transaction.latest(for:)`.
struct LatestCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "latest",
    abstract: "Show Transaction.latest(for: PRODUCT): the product's latest transaction, refunded or not.")

  @Argument(help: "The product.", completion: .session(.products))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  /// It only shows, unless it signs a transaction `unverified-next` damages (the damage is used up).
  func changesWorld(in session: Session) -> Bool { session.nextSignatureIsDamaged }

  func execute(in session: Session) throws {
    try session.requireProduct(productId)
    guard let record = CurrentEntitlements.allTransactions(of: try session.account, productId: productId).last
    else {
      return session.print("no transaction for \(productId)")
    }
    session.print(try session.storeKit2Line(record))
  }
}
