import Store

@testable import Simulation

extension CustomerTransaction {
  /// What a receipt shows of a world's record: ids, product and type, quantity, dates, expiry, web
  /// order line item, trial and offer flags, refund; no storefront, price or ownership.
  init(receiptOf record: PurchaseRecord) {
    self.init(
      transactionNumber: record.transactionNumber,
      originalTransactionNumber: record.originalTransactionNumber,
      productId: record.productId, quantity: record.quantity, purchaseDate: record.purchaseDate,
      originalPurchaseDate: record.originalPurchaseDate)
    productType = record.productType
    expiresDate = record.expiresDate
    webOrderLineItemNumber = record.webOrderLineItemNumber
    isTrialPeriod = record.isTrialPeriod
    isInIntroOfferPeriod = record.productType == .autoRenewable ? record.isInIntroOfferPeriod : nil
    promotionalOfferId = record.promotionalOfferId
    cancellationDate = record.cancellationDate
  }
}
