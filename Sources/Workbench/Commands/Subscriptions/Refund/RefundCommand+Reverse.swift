import ArgumentParser
import Store

extension RefundCommand {
  /// `refund reverse TXN`.
  struct Reverse: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Reverse a refund after a dispute: the cancellation is removed (REFUND_REVERSED).")

    @Argument(help: "The refunded transaction (#N, last, or an id).", completion: .session(.transactions))
    var transaction: String

    func validate() throws {
      try requireNonEmpty(transaction, "the transaction")
    }

    func execute(in session: Session) throws {
      let number = try session.transactionNumber(transaction)
      try session.world.store.reverseRefund(transactionNumber: number, account: session.account)
    }
  }
}
