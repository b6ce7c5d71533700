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
    return merging(other, strictly: true)
  }

  /// This transaction's facts, with `other`'s where this one shows nothing: how a later account
  /// of a transaction the engineer chose to take (`--prefer incoming`) keeps what it left out.
  func filled(from other: CustomerTransaction) -> CustomerTransaction {
    merging(other, strictly: false) ?? self
  }

  /// Every optional fact of this transaction, taken from `other` where unknown here; when
  /// `strictly`, `nil` as soon as both know a fact and differ.
  private func merging(_ other: CustomerTransaction, strictly: Bool) -> CustomerTransaction? {
    var result = self
    var agrees = true
    func fill<Value: Equatable>(_ path: WritableKeyPath<CustomerTransaction, Value?>) {
      guard let theirs = other[keyPath: path] else { return }
      guard let mine = result[keyPath: path] else {
        result[keyPath: path] = theirs
        return
      }
      if mine != theirs { agrees = false }
    }
    fill(\.productType)
    fill(\.expiresDate)
    fill(\.webOrderLineItemNumber)
    fill(\.isTrialPeriod)
    fill(\.isInIntroOfferPeriod)
    fill(\.promotionalOfferId)
    fill(\.cancellationDate)
    fill(\.cancellationReason)
    fill(\.isUpgraded)
    fill(\.subscriptionGroup)
    fill(\.appAccountToken)
    fill(\.storefront)
    fill(\.priceMilliunits)
    fill(\.currency)
    fill(\.isFamilyShared)
    fill(\.reason)
    return agrees || !strictly ? result : nil
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
}
