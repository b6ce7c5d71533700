import Store

/// A milestone of the timeline: `{"time": seconds, "account": …, "transactionId": …, "productId": …,
/// "kind": "DID_FAIL_TO_RENEW/GRACE_PERIOD"}` (no `transactionId` for an Ask to Buy request).
struct MilestoneSnapshot: Codable, Hashable {
  var time: Double
  var account: String
  var transactionId: String?
  var productId: String
  var kind: String

  init(_ milestone: Milestone) {
    time = milestone.time.secondsSince1970
    account = milestone.accountName
    transactionId = milestone.transactionNumber.map { String($0) }
    productId = milestone.productId
    kind = milestone.kind.name
  }

  func milestone(at path: String) throws(WorldFileError) -> Milestone {
    guard let named = Milestone.Kind(name: kind) else {
      throw WorldFileError(path: path + ".kind", reason: "\(kind) is not a milestone kind")
    }
    return Milestone(
      time: SnapshotPath.date(time), accountName: account,
      transactionNumber: try SnapshotPath.number(optional: transactionId, at: path + ".transactionId"),
      productId: productId, kind: named)
  }
}
