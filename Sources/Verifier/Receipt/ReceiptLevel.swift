/// Where a set of attributes sits in a receipt, for error reasons.
enum ReceiptLevel: CustomStringConvertible {
  /// The top-level payload.
  case payload
  /// The nested SET of the in-app purchase at this position among the attributes 17.
  case inAppPurchase(Int)

  var description: String {
    switch self {
    case .payload: "receipt payload"
    case .inAppPurchase(let index): "in-app purchase \(index) (attribute 17)"
    }
  }
}
