import Catalog
import Foundation
import Simulation
import Store

/// How StoreKit 2's transactions read in the workbench: one line each, the App Store id first.
///
/// `2000000000000002 pro.monthly (#3) renewal 2026-02-01T00:00:00Z, expires 2026-03-01T00:00:00Z, verified`
enum StoreKit2Line {
  /// A transaction with its handle on this device (when it has one) and its verification.
  static func transaction(
    _ record: PurchaseRecord, handle: Int?, verification: VerificationResult?
  ) -> String {
    var words = [record.transactionId, record.productId]
    if let handle { words.append("(#\(handle))") }
    words.append(record.reason == .renewal ? "renewal" : "purchase")
    var line = words.joined(separator: " ") + " " + Timestamp.iso8601(record.purchaseDate)
    var notes: [String] = []
    if record.quantity > 1 { notes.append("quantity \(record.quantity)") }
    if let expires = record.expiresDate { notes.append("expires \(Timestamp.iso8601(expires))") }
    if let offer = offerNote(record) { notes.append(offer) }
    if record.isFamilyShared { notes.append("familyShared") }
    if record.isUpgraded { notes.append("upgraded") }
    if let revoked = record.cancellationDate, !record.isUpgraded {
      notes.append("revoked \(Timestamp.iso8601(revoked))")
    }
    if let verification { notes.append(verification.description) }
    if !notes.isEmpty { line += ", " + notes.joined(separator: ", ") }
    return line
  }

  /// `Transaction.offer`: its type, its id (none for an introductory offer) and `freeTrial` when
  /// nothing is paid, such as `offer code Winter Promo freeTrial`.
  private static func offerNote(_ record: PurchaseRecord) -> String? {
    guard let kind = record.offerKind else { return nil }
    var words = ["offer", typeName(kind)]
    if let id = record.offer?.id { words.append(id) }
    if record.isTrialPeriod { words.append("freeTrial") }
    return words.joined(separator: " ")
  }

  /// `Transaction.OfferType`'s names.
  private static func typeName(_ kind: Offer.Kind) -> String {
    switch kind {
    case .introductory: "introductory"
    case .promotional: "promotional"
    case .code: "code"
    case .winBack: "winBack"
    }
  }
}
