import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

extension ReceiptCommand {
  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Print the receipt decoded.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let receipt = try session.world.receipt(of: session.device)
      var rows: [[String]] = [
        ["receipt_type (0)", receipt.receiptType], ["bundle_id (2)", receipt.bundleId],
        ["application_version (3)", receipt.appVersion],
        ["opaque_value (4)", receipt.opaqueValue.map { String(format: "%02x", $0) }.joined()],
        ["sha1_hash (5)", receipt.sha1Hash.map { String(format: "%02x", $0) }.joined()],
        ["receipt_creation_date (12)", Timestamp.iso8601(receipt.creationDate)],
        ["in_app (17)", Wording.plural(receipt.inAppPurchases.count, "entry", "entries")],
      ]
      for entry in receipt.inAppPurchases {
        var words = [
          entry.transactionId, entry.productId, "x\(entry.quantity)", Timestamp.iso8601(entry.purchaseDate),
        ]
        if let expires = entry.expiresDate { words.append("expires \(Timestamp.iso8601(expires))") }
        if entry.originalTransactionId != entry.transactionId {
          words.append("original \(entry.originalTransactionId)")
        }
        if entry.isTrialPeriod == true { words.append("trial") }
        if let cancelled = entry.cancellationDate {
          words.append("cancelled \(Timestamp.iso8601(cancelled))")
        }
        rows.append(["", words.joined(separator: "  ")])
      }
      session.print(lines: TextTable.render(rows))
    }
  }
}
