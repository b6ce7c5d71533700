import Foundation
import Verifier

extension ReceiptImport {
  /// One in-app entry (attribute 17) as a transaction, its fields as Apple wrote them.
  ///
  /// - Throws: ``ImportError`` when an id is not a decimal number or a count is negative.
  static func transaction(
    _ entry: InAppPurchaseReceipt, index: Int, source: String
  ) throws(ImportError) -> CustomerTransaction {
    let place = "in-app entry \(index + 1) (\(entry.productId))"
    var transaction = CustomerTransaction(
      transactionNumber: try number(entry.transactionId, "transaction_id", place, source),
      originalTransactionNumber: try number(
        entry.originalTransactionId, "original_transaction_id", place, source),
      productId: entry.productId, quantity: entry.quantity, purchaseDate: entry.purchaseDate,
      originalPurchaseDate: entry.originalPurchaseDate)
    if let code = entry.productType {
      transaction.productType = .init(receiptCode: code)
    }
    transaction.expiresDate = entry.expiresDate
    if let webOrderLineItemId = entry.webOrderLineItemId {
      guard let number = UInt64(exactly: webOrderLineItemId) else {
        throw ImportError(source, "\(place): web_order_line_item_id \(webOrderLineItemId) is negative")
      }
      transaction.webOrderLineItemNumber = number
    }
    transaction.isTrialPeriod = entry.isTrialPeriod
    transaction.isInIntroOfferPeriod = entry.isInIntroOfferPeriod
    transaction.promotionalOfferId = entry.promotionalOfferId.flatMap { $0.isEmpty ? nil : $0 }
    transaction.cancellationDate = entry.cancellationDate
    return transaction
  }

  /// A transaction id as a number: decimal digits only, as Apple writes them.
  private static func number(
    _ text: String, _ field: String, _ place: String, _ source: String
  ) throws(ImportError) -> UInt64 {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = UInt64(text)
    else {
      throw ImportError(
        source, "\(place): \(field) \"\(text)\" is not a decimal number of at most 20 digits, as Apple's are")
    }
    return number
  }

  /// One note for each kind of oddity the entries show, kept as they are.
  static func oddities(of transactions: [CustomerTransaction]) -> [String] {
    var notes: [String] = []
    let late = transactions.filter { $0.originalPurchaseDate > $0.purchaseDate }.count
    if late > 0 {
      notes.append(
        "\(entries(late)) an original purchase date after \(late == 1 ? "its" : "their") purchase date")
    }
    var seen = Set<UInt64>()
    let repeated = transactions.filter { !seen.insert($0.transactionNumber).inserted }.count
    if repeated > 0 {
      notes.append("\(entries(repeated)) a transaction id an earlier entry already has")
    }
    let unknownTypes = transactions.filter { $0.productType == nil }.count
    if unknownTypes > 0 {
      notes.append("\(entries(unknownTypes)) no product type Apple defines")
    }
    return notes
  }

  /// `1 entry has`, `3 entries have`.
  private static func entries(_ count: Int) -> String {
    count == 1 ? "1 entry has" : "\(count) entries have"
  }
}
