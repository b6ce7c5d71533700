import Foundation

extension CustomerTransaction {
  /// This transaction and another account of the same one, as one: what either shows, when they
  /// agree wherever both show something (a receipt's `in_app` entry and the richer
  /// `latest_receipt_info` entry, or a signed transaction in a history page and in a
  /// notification).
  ///
  /// - Parameter other: Another account of a transaction.
  /// - Returns: The two combined; `nil` when they are different transactions or disagree on a
  ///   value both show, so that both are kept and the merge reports the conflict.
  func combined(with other: CustomerTransaction) -> CustomerTransaction? {
    guard transactionNumber == other.transactionNumber,
      originalTransactionNumber == other.originalTransactionNumber, productId == other.productId,
      quantity == other.quantity, purchaseDate == other.purchaseDate,
      originalPurchaseDate == other.originalPurchaseDate
    else { return nil }
    var result = self
    guard Self.fill(&result.productType, other.productType),
      Self.fill(&result.expiresDate, other.expiresDate),
      Self.fill(&result.webOrderLineItemNumber, other.webOrderLineItemNumber),
      Self.fill(&result.isTrialPeriod, other.isTrialPeriod),
      Self.fill(&result.isInIntroOfferPeriod, other.isInIntroOfferPeriod),
      Self.fill(&result.promotionalOfferId, other.promotionalOfferId),
      Self.fill(&result.cancellationDate, other.cancellationDate),
      Self.fill(&result.cancellationReason, other.cancellationReason),
      Self.fill(&result.isUpgraded, other.isUpgraded),
      Self.fill(&result.subscriptionGroup, other.subscriptionGroup),
      Self.fill(&result.appAccountToken, other.appAccountToken),
      Self.fill(&result.storefront, other.storefront),
      Self.fill(&result.priceMilliunits, other.priceMilliunits),
      Self.fill(&result.currency, other.currency),
      Self.fill(&result.isFamilyShared, other.isFamilyShared)
    else { return nil }
    return result
  }

  /// Appends a transaction to a list, combined with an account of the same transaction already
  /// there when the two agree, else as an entry of its own.
  ///
  /// - Parameters:
  ///   - transaction: The transaction read.
  ///   - list: The transactions so far.
  static func add(_ transaction: CustomerTransaction, to list: inout [CustomerTransaction]) {
    for index in list.indices where list[index].transactionNumber == transaction.transactionNumber {
      if let combined = list[index].combined(with: transaction) {
        list[index] = combined
        return
      }
    }
    list.append(transaction)
  }

  /// Takes `other` where `value` is unknown; `false` when both are known and differ.
  private static func fill<Value: Equatable>(_ value: inout Value?, _ other: Value?) -> Bool {
    guard let other else { return true }
    guard let known = value else {
      value = other
      return true
    }
    return known == other
  }
}
