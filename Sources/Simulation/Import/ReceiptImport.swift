import Foundation
import Store
import Verifier

/// Reads an app receipt, Apple-signed or storebench-signed, into ``CustomerData`` (`import receipt`).
///
/// The receipt is decoded first: bytes that are not a receipt are always an error. Its CMS signature
/// is then verified against ``ImportTrust/roots`` at the receipt's own creation date, as Apple's
/// libraries verify signed data (the signing certificates of older receipts have long expired). A
/// receipt that does not verify is refused unless ``ImportTrust/allowsUnverified``, and then imported
/// with a `NOT VERIFIED` note.
///
/// Every in-app entry becomes one ``CustomerTransaction`` in wire order, kept as Apple wrote it,
/// oddities included (an original purchase date after the purchase date, repeated entries); the
/// oddities are noted once each.
public enum ReceiptImport {
  /// Reads one receipt.
  ///
  /// - Parameters:
  ///   - bytes: The receipt's DER or BER bytes (base64 already undone).
  ///   - source: Where it came from, for messages: `receipt customer.b64`.
  ///   - trust: The roots its chain must end in, and whether an unverified receipt may come in.
  /// - Throws: ``ImportError`` when the bytes are not a receipt, when its signature does not verify
  ///   and `trust` does not allow that, or when a transaction id is not a decimal number.
  /// - Returns: The receipt's app, transactions and creation date, with notes on its signature and
  ///   oddities.
  public static func read(
    _ bytes: [UInt8], source: String, trust: ImportTrust
  ) throws(ImportError) -> CustomerData {
    let signed: SignedReceipt
    let receipt: AppReceipt
    do {
      signed = try SignedReceipt(berEncoded: bytes)
      receipt = try ReceiptDecoder().decode(signed)
    } catch {
      throw ImportError(source, "not an app receipt: \(error)")
    }
    var data = CustomerData(source: source)
    data.notes.append(try verificationNote(signed, at: receipt.creationDate, source: source, trust: trust))
    data.app = app(of: receipt)
    if data.app.environment == nil {
      data.notes.append(
        "receipt type \"\(receipt.receiptType)\" is not one Apple writes: environment left unknown")
    }
    data.asOf = receipt.creationDate
    data.transactions = try receipt.inAppPurchases.enumerated().map {
      (index, entry) throws(ImportError) in try transaction(entry, index: index, source: source)
    }
    data.notes += oddities(of: data.transactions)
    return data
  }

  /// Verifies the signature at `date`: the note saying so, or the note or error saying why not.
  private static func verificationNote(
    _ signed: SignedReceipt, at date: Date, source: String, trust: ImportTrust
  ) throws(ImportError) -> String {
    let when = Timestamp.iso8601(date)
    do {
      let chain = try ReceiptVerifier(trustedRoots: trust.roots).verifySignature(of: signed, at: date)
      return "signature verified at \(when): chain ends in \"\(chain.root.subject.commonName)\""
    } catch {
      if trust.allowsUnverified {
        return "NOT VERIFIED: \(error)"
      }
      throw ImportError(
        source,
        "the receipt's signature does not verify at its creation date \(when): \(error); give the root its "
          + "chain ends in with --trust CERT (for a receipt Apple signed: Apple's root, "
          + "AppleIncRootCertificate.cer), or import it anyway with --unverified")
    }
  }

  /// The app fields of a receipt.
  private static func app(of receipt: AppReceipt) -> CustomerApp {
    var app = CustomerApp()
    app.bundleId = receipt.bundleId
    app.applicationVersion = receipt.appVersion
    app.originalApplicationVersion = receipt.originalApplicationVersion
    app.originalPurchaseDate = receipt.originalPurchaseDate
    app.environment = environment(ofReceiptType: receipt.receiptType)
    app.appAppleId = Int64(receipt.appItemId)
    return app
  }

  /// The environment a `receipt_type` stands for; `nil` for a type Apple does not write.
  static func environment(ofReceiptType type: String) -> Verifier.Environment? {
    switch type {
    case "Production", "ProductionVPP": .production
    case "ProductionSandbox", "ProductionVPPSandbox", "Sandbox": .sandbox
    case "Xcode": .xcode
    default: nil
    }
  }
}
