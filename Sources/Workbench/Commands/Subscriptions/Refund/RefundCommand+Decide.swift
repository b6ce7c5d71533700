import ArgumentParser
import Store

extension RefundCommand {
  /// `refund decide grant|decline TXN`.
  struct Decide: OneTransactionCommand {
    enum Decision: String, ExpressibleByArgument, CaseIterable {
      case grant, decline
    }

    static let configuration = CommandConfiguration(
      abstract: "Decide a pending `refund-request`: grant (REFUND) or decline (REFUND_DECLINED).")

    @Argument(help: "grant or decline.")
    var decision: Decision

    @Argument(help: "The transaction (#N, last, or an id).", completion: .session(.transactions))
    var transaction: String

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
}
