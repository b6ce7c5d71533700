import ArgumentParser
import Store

extension RefundCommand {
  /// `refund TXN [--reason app-issue|other]`.
  struct Issue: OneTransactionCommand {
    enum Reason: String, ExpressibleByArgument, CaseIterable {
      case appIssue = "app-issue"
      case other

      var cancellationReason: PurchaseRecord.CancellationReason {
        switch self {
        case .appIssue: .appIssue
        case .other: .other
        }
      }
    }

    static let configuration = CommandConfiguration(
      commandName: "issue",
      abstract: "Refund a transaction now (REFUND); `refund TXN` for short.")

    @Argument(help: "The transaction (#N, last, or an id).", completion: .session(.transactions))
    var transaction: String

    @Option(help: "app-issue or other.")
    var reason: Reason = .other

    func execute(in session: Session) throws {
      let number = try session.transactionNumber(transaction)
      try session.world.store.refund(
        transactionNumber: number, reason: reason.cancellationReason, account: session.account)
    }
  }
}
