import Catalog
import Store

/// A history entry as it stood before an update, kept so that receipts written before the update
/// read it back as it was.
struct EarlierVersionSnapshot: Codable, Hashable {
  var index: Int
  var replacedAt: Int
  var record: PurchaseRecordSnapshot

  init(_ version: Account.EarlierVersion) {
    index = version.index
    replacedAt = version.replacedAt
    record = PurchaseRecordSnapshot(version.record)
  }

  func version(at path: String, catalog: Catalog) throws(WorldFileError) -> Account.EarlierVersion {
    Account.EarlierVersion(
      index: index, replacedAt: replacedAt, record: try record.record(at: path + ".record", catalog: catalog))
  }
}
