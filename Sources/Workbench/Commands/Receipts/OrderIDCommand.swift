import ArgumentParser
import Simulation

/// `order-id TXN`.
struct OrderIDCommand: OneTransactionCommand {
  static let configuration = CommandConfiguration(
    commandName: "order-id",
    abstract:
      "The order id of a purchase, as the customer's emailed receipt shows it (Look Up Order ID, production only).",
    discussion: "Renewals and family shares belong to no new order.")

  @Argument(help: "The transaction (#N, last, or an id).", completion: .session(.transactions))
  var transaction: String

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let number = try session.transactionNumber(transaction)
    guard let account = session.world.store.account(holdingTransaction: number),
      let index = account.index(ofTransaction: number)
    else { throw WorkbenchError(.unknownTransaction, "no account holds transaction \(number)") }
    let record = account.history[index]
    guard let orderId = AppStoreServerAPI.orderID(of: record) else {
      throw WorkbenchError(
        .notAllowed, "transaction \(number) is a \(record.reason.rawValue): it belongs to no new order")
    }
    session.print("order \(orderId): transaction \(number) (\(record.productId))")
  }
}
