import Foundation
import Store

extension AppStoreServerAPI {
  /// Refunded transactions Refund History V1 gives at most.
  static let refundHistoryV1Limit = 50

  /// #6 Get Refund History: `GET /inApps/v2/refund/lookup/{anyTransactionId}` (any transaction id
  /// of the customer's, or their `appTransactionId`): the customer's refunded and revoked
  /// transactions in the order they were revoked, 20 a page. The last page's `revision` asks later
  /// for refunds made since.
  static func refundHistory(_ context: APIContext) throws(APIError) -> APIResponse {
    let account = try context.customer(context.parameters[0])
    let revocations = account.revocations
    let digest = RevisionToken.digest(of: "refund-history-v2")
    var position = 0
    if let revision = context.request.values(of: "revision").first {
      guard let token = RevisionToken(text: revision, digest: digest), token.position <= revocations.count
      else {
        throw .invalidRequestRevision
      }
      position = token.position
    }
    let signer = try context.signer()
    var signed: [String] = []
    while signed.count < pageSize, position < revocations.count {
      let record = account.history[revocations[position]]
      position += 1
      if HistoryQuery.isRevoked(record) { signed.append(try context.signedTransaction(record, with: signer)) }
    }
    let hasMore = revocations[position...].contains { HistoryQuery.isRevoked(account.history[$0]) }
    return json(
      RefundHistoryResponse(
        signedTransactions: signed, revision: RevisionToken(position: position, digest: digest).text,
        hasMore: hasMore))
  }

  /// #7 Get Refund History V1 (deprecated): `GET /inApps/v1/refund/lookup/{originalTransactionId}`:
  /// the customer's 50 most recent refunds, most recent first.
  static func refundHistoryV1(_ context: APIContext) throws(APIError) -> APIResponse {
    let found = try context.transaction(
      context.parameters[0], invalid: .invalidOriginalTransactionId, notFound: .originalTransactionIdNotFound)
    let signer = try context.signer()
    var signed: [String] = []
    for index in found.account.revocations.reversed() where signed.count < refundHistoryV1Limit {
      let record = found.account.history[index]
      if HistoryQuery.isRevoked(record) { signed.append(try context.signedTransaction(record, with: signer)) }
    }
    return json(RefundHistoryResponse(signedTransactions: signed, revision: nil, hasMore: nil))
  }
}
