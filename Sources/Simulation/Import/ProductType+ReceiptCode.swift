import Catalog

extension ProductType {
  /// The type a receipt's `product_type` (attribute 1707) code stands for; `nil` for a code Apple
  /// does not define.
  init?(receiptCode code: Int) {
    guard let type = Self.allCases.first(where: { $0.receiptCode == code }) else { return nil }
    self = type
  }
}
