import ArgumentParser
import Store

/// `refund TXN [--reason app-issue|other]`, `refund decide grant|decline TXN`, `refund reverse TXN`.
struct RefundCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refund",
    abstract: "Apple refunds a transaction, decides a customer's refund request, or reverses a refund.",
    discussion: """
      refund TXN [--reason app-issue|other]  refund now: cancellation date and reason \
      recorded, access revoked (REFUND); the app hears \
      didRevokeEntitlementsForProductIdentifiers for non-consumables and subscriptions
      refund decide grant|decline TXN        decide a pending `refund-request`
      refund reverse TXN                     take a refund back after a dispute (REFUND_REVERSED)

      TXN is #N, last, or a transaction id.
      """,
    subcommands: [Issue.self, Decide.self, Reverse.self],
    defaultSubcommand: Issue.self)

  /// `refund TXN [--reason app-issue|other]`.
  struct Issue: SessionCommand {
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

    func validate() throws {
      try requireNonEmpty(transaction, "the transaction")
    }

    func execute(in session: Session) throws {
      let number = try session.transactionNumber(transaction)
      try session.world.store.refund(
        transactionNumber: number, reason: reason.cancellationReason, account: session.account)
    }
  }

  /// `refund decide grant|decline TXN`.
  struct Decide: SessionCommand {
    enum Decision: String, ExpressibleByArgument, CaseIterable {
      case grant, decline
    }

    static let configuration = CommandConfiguration(
      abstract: "Decide a pending `refund-request`: grant (REFUND) or decline (REFUND_DECLINED).")

    @Argument(help: "grant or decline.")
    var decision: Decision

    @Argument(help: "The transaction (#N, last, or an id).", completion: .session(.transactions))
    var transaction: String

    func validate() throws {
      try requireNonEmpty(transaction, "the transaction")
    }

    func execute(in session: Session) throws {
      let number = try session.transactionNumber(transaction)
      let world = session.world
      let consumption = world.serverAPI.consumption[number]?.summary
      let request = try world.store.decideRefund(
        transactionNumber: number, grant: decision == .grant, account: session.account)
      var line = "refund request for \(number) \(decision == .grant ? "granted" : "declined")"
      if request.asksForConsumptionInfo {
        line +=
          consumption.map { ", consumption information received: \($0)" }
          ?? ", no consumption information received"
      }
      session.print(line)
    }
  }

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
