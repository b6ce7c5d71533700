import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

extension ReceiptCommand {
  struct Refresh: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "SKReceiptRefreshRequest: the device gets a receipt made from Apple's records as they are now.")

    func execute(in session: Session) throws {
      _ = try session.account  // Apple writes a receipt from an account's records
      session.world.refreshReceipt(of: session.device)
      let count = try session.world.receipt(of: session.device).inAppPurchases.count
      session.print(
        "receipt refreshed on \(session.device.name): \(count) in-app purchase\(count == 1 ? "" : "s")")
    }
  }
}
