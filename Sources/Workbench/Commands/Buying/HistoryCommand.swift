import ArgumentParser
import Store

/// `history`: the account's purchase history on Apple's side.
struct HistoryCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List the account's purchase history: every charge and re-download.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let account = try session.account
    guard !account.history.isEmpty else {
      session.print("no purchases on account \(account.name)")
      return
    }
    let rows = account.history.map { record in
      [
        record.transactionId, record.productId, "x\(record.quantity)", Timestamp.iso8601(record.purchaseDate),
        record.charged.description, notes(on: record),
      ]
    }
    session.print(lines: TextTable.render(rows))
  }

  private func notes(on record: PurchaseRecord) -> String {
    var notes: [String]
    switch record.reason {
    case .purchase:
      notes = [
        record.originalTransactionNumber == record.transactionNumber
          ? "purchase" : "purchase of \(record.originalTransactionId)"
      ]
    case .redownload: notes = ["re-download of \(record.originalTransactionId)"]
    case .renewal: notes = ["renewal of \(record.originalTransactionId)"]
    case .familyShare:
      notes = ["family-shared from \(record.sharedFromTransactionNumber.map(String.init) ?? "?")"]
    }
    if let expires = record.expiresDate, record.cancellationDate == nil {
      notes.append("expires \(Timestamp.iso8601(expires))")
    }
    if record.isTrialPeriod { notes.append("trial") }
    if record.isInIntroOfferPeriod { notes.append("intro") }
    if let offer = record.offer {
      notes.append(offer.kind == .promotional ? "offer \(offer.id)" : "offer \(offer)")
    }
    if let date = record.cancellationDate {
      let refund = record.refunded.map { " \($0)" } ?? ""
      notes.append(
        record.isUpgraded
          ? "upgraded \(Timestamp.iso8601(date)), refunded\(refund)"
          : "refunded\(refund) \(Timestamp.iso8601(date))")
    }
    if record.isPriceAssumed { notes.append(PurchaseRecord.assumedPriceWords) }
    return notes.joined(separator: ", ")
  }
}
