import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

/// `receipt`, `receipt export FILE [--der|--base64]`, `receipt refresh`.
struct ReceiptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "receipt",
    abstract: "The device's app receipt: show it decoded, export it signed, or refresh it.",
    subcommands: [Show.self, Export.self, Refresh.self],
    defaultSubcommand: Show.self)

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

  struct Export: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write the signed receipt (PKCS#7): DER bytes, or base64 text as an app sends it to its server.")

    @Argument(help: "The file to write.", completion: .file())
    var file: String

    @Flag(help: "DER bytes (the default).")
    var der = false

    @Flag(help: "Base64 text.")
    var base64 = false

    func validate() throws {
      try requireNonEmpty(file, "the file name")
    }

    func execute(in session: Session) throws {
      guard !(der && base64) else {
        throw WorkbenchError(.invalidValue, "choose --der or --base64, not both")
      }
      let signed = try session.world.signedReceipt(of: session.device)
      let bytes = base64 ? Array(Data(signed).base64EncodedString().utf8) : signed
      try session.write(bytes, to: file)
      session.print(
        "receipt written to \(session.shown(file)) (\(base64 ? "base64" : "DER"), \(Wording.plural(bytes.count, "byte")))"
      )
    }
  }

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
