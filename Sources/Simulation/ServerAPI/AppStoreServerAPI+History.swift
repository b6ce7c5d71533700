import Foundation
import Store
import Verifier

extension AppStoreServerAPI {
  /// Transactions a page holds at most.
  static let pageSize = 20

  /// #2 Get Transaction History: `GET /inApps/v2/history/{transactionId}`.
  static func historyV2(_ context: APIContext) throws(APIError) -> APIResponse {
    try history(context, version: 2)
  }

  /// #3 Get Transaction History V1 (deprecated): `GET /inApps/v1/history/{transactionId}`.
  static func historyV1(_ context: APIContext) throws(APIError) -> APIResponse {
    try history(context, version: 1)
  }

  /// #2 Get Transaction History (`GET /inApps/v2/history/{anyTransactionId}`) and #3 its deprecated
  /// v1 (`GET /inApps/v1/history/{anyTransactionId}`): the customer's whole history for the app, 20 a
  /// page, by modification (a purchase, or the refund, upgrade or revocation that changed it last;
  /// a record changed after it was read comes again further on, as Apple's does). v1 leaves out
  /// finished consumables. Free re-downloads are no transactions of their own, as in receipts. The
  /// customer is named by any of their transaction ids or their `appTransactionId`.
  ///
  /// Each page costs its 20 records plus the records its filters skip.
  private static func history(_ context: APIContext, version: Int) throws(APIError) -> APIResponse {
    let query = try HistoryQuery(context.request, version: version)
    let account = try context.customer(context.parameters[0])
    let modifications = account.modifications.count
    var position = query.ascending ? 0 : modifications
    if let revision = query.revision {
      guard let token = RevisionToken(text: revision, digest: query.digest), token.position <= modifications
      else {
        throw .invalidRequestRevision
      }
      position = token.position
    }
    let includes = { (index: Int) -> Bool in
      let record = account.history[index]
      guard record.reason != .redownload, query.matches(record, catalog: context.store.catalog) else {
        return false
      }
      return version == 2 || record.productType != .consumable
        || !account.isFinished(transactionNumber: record.transactionNumber)
    }
    let next = { () -> Int? in
      while query.ascending ? position < modifications : position > 0 {
        let at = query.ascending ? position : position - 1
        position += query.ascending ? 1 : -1
        if account.isLatestModification(at: at), includes(account.modifications[at]) {
          return account.modifications[at]
        }
      }
      return nil
    }
    let signer = try context.signer()
    var signed: [String] = []
    while signed.count < pageSize, let index = next() {
      signed.append(try context.signedTransaction(account.history[index], with: signer))
    }
    let pageEnd = position
    let hasMore = next() != nil
    return json(
      HistoryResponse(
        revision: RevisionToken(position: pageEnd, digest: query.digest).text, hasMore: hasMore,
        bundleId: context.bundleId, appAppleId: context.world.appAppleId, environment: context.environment,
        signedTransactions: signed))
  }
}
