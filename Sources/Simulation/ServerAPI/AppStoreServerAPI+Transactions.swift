import Foundation
import Store
import Verifier

extension AppStoreServerAPI {
  /// #1 Get Transaction Info: `GET /inApps/v1/transactions/{transactionId}`; a customer's
  /// `appTransactionId` gets `4000048`, as Apple's answers (every endpoint whose path names one
  /// transaction does the same).
  static func transactionInfo(_ context: APIContext) throws(APIError) -> APIResponse {
    let found = try context.transaction(context.parameters[0])
    let signed = try context.signedTransaction(found.record, with: try context.signer())
    return json(TransactionInfoResponse(signedTransactionInfo: signed))
  }

  /// #18 Finish Transaction: `POST /inApps/v1/transactions/{transactionId}/finish`, 200 without a
  /// body. On Apple's side the transaction counts as finished: a consumable leaves receipts and
  /// v1 history written from now on, as if the app had finished it. A device's payment queue
  /// still holding it is left alone (Apple does not reach into devices; the app finishes it there
  /// or StoreKit redelivers it).
  static func finishTransaction(_ context: APIContext) throws(APIError) -> APIResponse {
    let found = try context.transaction(context.parameters[0])
    found.account.noteFinished(transactionNumber: found.record.transactionNumber)
    return .empty(200)
  }

  /// #16 Set App Account Token: `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`,
  /// 200 without a body. The token replaces any earlier one and applies to the original
  /// transaction's current transaction and every later one (renewals, upgrades), not to past ones.
  static func setAppAccountToken(_ context: APIContext) throws(APIError) -> APIResponse {
    let found = try context.transaction(context.parameters[0], notFound: .originalTransactionIdNotFound)
    let record = found.record
    guard !record.isFamilyShared else { throw .familyTransactionNotSupported }
    guard record.originalTransactionNumber == record.transactionNumber else {
      throw .transactionIdIsNotOriginalTransactionId
    }
    let body = try context.body(
      UpdateAppAccountTokenRequest.self, fieldErrors: ["appAccountToken": .invalidAppAccountTokenUUID])
    guard let text = body.appAccountToken, let token = UUID(uuidString: text) else {
      throw .invalidAppAccountTokenUUID
    }
    let current =
      found.account.subscriptions.values.first { $0.originalTransactionNumber == record.transactionNumber }
      .map { found.account.history[$0.latestIndex].transactionNumber } ?? record.transactionNumber
    context.world.serverAPI.setAppAccountToken(
      token.uuidString.lowercased(), originalTransactionNumber: record.transactionNumber, from: current)
    return .empty(200)
  }

  /// #17 Get App Transaction Info: `GET /inApps/v1/transactions/appTransactions/{anyTransactionId}`
  /// (any transaction id of the customer's, or their `appTransactionId`): the app transaction of
  /// the customer's app on a device signed in to the customer's account.
  static func appTransactionInfo(_ context: APIContext) throws(APIError) -> APIResponse {
    let account = try context.customer(context.parameters[0])
    guard let device = context.world.devices(of: account).first else {
      throw .appTransactionDoesNotExist
    }
    let payload = SignedPayloadFactory(world: context.world).appTransaction(for: device)
    let signed = try context.sign(payload, with: try context.signer())
    return json(AppTransactionInfoResponse(signedAppTransactionInfo: signed))
  }

  /// #5 Look Up Order ID: `GET /inApps/v1/lookup/{orderId}`, production only (the sandbox has no
  /// such endpoint: 404). Status 0 with the order's transactions, or 1 for an id of no order.
  static func lookUpOrderID(_ context: APIContext) throws(APIError) -> APIResponse {
    guard context.world.environment == .production else { throw .notFound }
    guard let number = OrderID.transactionNumber(of: context.parameters[0]),
      let account = context.store.account(holdingTransaction: number),
      let index = account.index(ofTransaction: number),
      hasOrder(account.history[index])
    else { return json(OrderLookupResponse(status: 1, signedTransactions: nil)) }
    let signed = try context.signedTransaction(account.history[index], with: try context.signer())
    return json(OrderLookupResponse(status: 0, signedTransactions: [signed]))
  }

  /// Whether a record was an order of the customer's (a purchase): renewals and family shares
  /// belong to no new order.
  public static func hasOrder(_ record: PurchaseRecord) -> Bool {
    switch record.reason {
    case .purchase, .redownload: true
    case .renewal, .familyShare: false
    }
  }

  /// The order id of a purchase, as the customer's emailed receipt shows it; `nil` for a renewal
  /// or a family share.
  public static func orderID(of record: PurchaseRecord) -> String? {
    hasOrder(record) ? OrderID.make(for: record.transactionNumber) : nil
  }
}
