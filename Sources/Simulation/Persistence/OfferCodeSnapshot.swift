import Foundation
import Store

/// An offer code in a saved world, with its redemptions.
struct OfferCodeSnapshot: Codable, Hashable {
  /// One use of the code.
  struct Use: Codable, Hashable {
    var account: String
    var date: Double
  }

  var code: String
  var productId: String
  var offer: String
  var oneTime: Bool
  var limit: Int?
  var expires: Double?
  var redemptions: [Use]

  init(_ code: OfferCode) {
    self.code = code.code
    productId = code.productId
    offer = code.offerName
    oneTime = code.isOneTime
    limit = code.limit
    expires = code.expires?.secondsSince1970
    redemptions = code.redemptions.map { Use(account: $0.accountName, date: $0.date.secondsSince1970) }
  }

  func code(at path: String) throws(WorldFileError) -> OfferCode {
    guard !code.isEmpty, code == code.uppercased() else {
      throw WorldFileError(path: path + ".code", reason: "\"\(code)\" is not an upper-case code")
    }
    if let limit, limit < 1 {
      throw WorldFileError(path: path + ".limit", reason: "a limit is at least 1, not \(limit)")
    }
    var result = OfferCode(
      code: code, productId: productId, offerName: offer, isOneTime: oneTime, limit: limit,
      expires: expires.map(SnapshotPath.date))
    result.redemptions = redemptions.map {
      OfferCode.Redemption(accountName: $0.account, date: SnapshotPath.date($0.date))
    }
    return result
  }
}
