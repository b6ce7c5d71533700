import Catalog
import Foundation
import Store
import Vocabulary

/// The filters and order of a Get Transaction History request, read from its query and checked
/// as Apple checks them (reference §1.4 #2, §1.6, §1.7).
struct HistoryQuery {
  /// `startDate`, UNIX milliseconds: only purchases at or after it.
  var startDate: Int64?
  /// `endDate`, UNIX milliseconds: only purchases before it.
  var endDate: Int64?
  /// `productId` (repeatable).
  var productIds: Set<String> = []
  /// `productType` (repeatable).
  var productTypes: Set<ProductType> = []
  /// `subscriptionGroupIdentifier` (repeatable).
  var groups: Set<String> = []
  /// `inAppOwnershipType`: `PURCHASED`, `FAMILY_SHARED`, or `ASSIGNED` (API 1.22's multiseat
  /// assignments, which no record here is).
  var ownership: String?
  /// `revoked` (or the legacy `excludeRevoked=true`, meaning `revoked=false`).
  var revoked: Bool?
  /// `sort`: newest modification first when false.
  var ascending = true
  /// `revision`: where the page starts.
  var revision: String?
  /// A digest of every filter: a `revision` only serves the filters it was made for.
  var digest: UInt64 = 0

  /// Reads a request's query.
  ///
  /// - Parameter version: 1 or 2 (the digest tells the versions apart).
  /// - Throws: Apple's error for the first invalid parameter.
  init(_ request: APIRequest, version: Int) throws(APIError) {
    for item in request.query {
      try read(item)
    }
    if let startDate, let endDate, startDate >= endDate { throw .startDateAfterEndDate }
    let canonical = request.query.filter { $0.name != "revision" }.map { "\($0.name)=\($0.value)" }.sorted()
    digest = RevisionToken.digest(of: "history-v\(version)&" + canonical.joined(separator: "&"))
  }

  private mutating func read(_ item: APIRequest.QueryItem) throws(APIError) {
    let value = item.value
    switch item.name {
    case "revision": revision = value
    case "startDate":
      guard let date = Self.milliseconds(value) else { throw .invalidStartDate }
      startDate = date
    case "endDate":
      guard let date = Self.milliseconds(value) else { throw .invalidEndDate }
      endDate = date
    case "productId":
      guard !value.isEmpty else { throw .invalidProductId }
      productIds.insert(value)
    case "productType":
      guard let type = Self.productTypes[value] else { throw .invalidProductType }
      productTypes.insert(type)
    case "subscriptionGroupIdentifier":
      guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw .invalidSubscriptionGroupIdentifier
      }
      groups.insert(value)
    case "inAppOwnershipType":
      guard ["PURCHASED", "FAMILY_SHARED", "ASSIGNED"].contains(value) else {
        throw .invalidInAppOwnershipType
      }
      ownership = value
    case "revoked":
      guard let flag = Self.boolean(value) else { throw .invalidRevoked }
      revoked = flag
    case "excludeRevoked":
      guard let flag = Self.boolean(value) else { throw .invalidExcludeRevoked }
      if flag { revoked = false }
    case "sort":
      switch value {
      case "ASCENDING": ascending = true
      case "DESCENDING": ascending = false
      default: throw .invalidSort
      }
    default: break  // Apple ignores keys it does not know
    }
  }

  /// Whether a record passes every filter.
  func matches(_ record: PurchaseRecord, catalog: Catalog) -> Bool {
    let purchase = Int64((record.purchaseDate.timeIntervalSince1970 * 1000).rounded(.down))
    if let startDate, purchase < startDate { return false }
    if let endDate, purchase >= endDate { return false }
    if !productIds.isEmpty, !productIds.contains(record.productId) { return false }
    if !productTypes.isEmpty, !productTypes.contains(record.productType) { return false }
    if !groups.isEmpty {
      guard let group = catalog.product(record.productId)?.subscription?.group,
        groups.contains(catalog.groupIdentifier(ofGroup: group))
      else { return false }
    }
    if let ownership, ownership != (record.isFamilyShared ? "FAMILY_SHARED" : "PURCHASED") { return false }
    if let revoked, Self.isRevoked(record) != revoked { return false }
    return true
  }

  /// Whether a record carries a revocation (refunded or revoked; an upgrade is not one).
  static func isRevoked(_ record: PurchaseRecord) -> Bool {
    record.isCancelled && !record.isUpgraded
  }

  private static let productTypes: [String: ProductType] = [
    "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewing, "CONSUMABLE": .consumable,
    "NON_CONSUMABLE": .nonConsumable,
  ]

  /// `true`/`True`/`false`/`False`, as Apple's libraries send booleans.
  private static func boolean(_ text: String) -> Bool? {
    switch text {
    case "true", "True": true
    case "false", "False": false
    default: nil
    }
  }

  /// A non-negative number of milliseconds.
  private static func milliseconds(_ text: String) -> Int64? {
    guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int64(text)
  }
}
