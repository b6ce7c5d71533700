/// A completed mass renewal-date extension.
struct MassExtensionSnapshot: Codable, Hashable {
  var requestIdentifier: String
  var productId: String
  var storefrontCountryCodes: [String]?
  var extendByDays: Int
  var extendReasonCode: Int
  var completeDate: Double
  var succeededCount: Int
  var failedCount: Int

  init(_ record: MassExtensionRecord) {
    requestIdentifier = record.requestIdentifier
    productId = record.productId
    storefrontCountryCodes = record.storefrontCountryCodes
    extendByDays = record.extendByDays
    extendReasonCode = record.extendReasonCode
    completeDate = record.completeDate.secondsSince1970
    succeededCount = record.succeededCount
    failedCount = record.failedCount
  }

  var record: MassExtensionRecord {
    MassExtensionRecord(
      requestIdentifier: requestIdentifier, productId: productId,
      storefrontCountryCodes: storefrontCountryCodes,
      extendByDays: extendByDays, extendReasonCode: extendReasonCode,
      completeDate: SnapshotPath.date(completeDate),
      succeededCount: succeededCount, failedCount: failedCount)
  }
}
