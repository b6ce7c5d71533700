import Catalog

/// The answer to a products request, as `SKProductsResponse` gives it: the products that can be
/// sold and the identifiers that cannot, each with the reason.
public struct ProductsResponse: Sendable {
  /// Why an identifier came back invalid.
  public enum InvalidReason: String, Hashable, Sendable {
    /// No product has this identifier.
    case unknown = "unknown product"
    /// The product exists but is not cleared for sale.
    case notClearedForSale = "not cleared for sale"
  }

  /// The products that can be sold, in the order asked.
  public var products: [Product]
  /// The identifiers that cannot, in the order asked.
  public var invalidProductIdentifiers: [(id: String, reason: InvalidReason)]
}
