import Catalog
import Foundation

/// One entry of an account's purchase history on Apple's side: a charge (or a free re-download)
/// with Apple-shaped identifiers and dates.
public struct PurchaseRecord: Hashable, Sendable {
  /// Why the entry exists.
  public enum Reason: String, Hashable, Sendable {
    /// The customer bought it.
    case purchase
    /// The customer bought a non-consumable they already owned: no charge.
    case redownload
  }

  /// The transaction identifier, a numeric string such as `2000000000000001`.
  public var transactionId: String
  /// The identifier of the first purchase this one continues (itself for a first purchase).
  public var originalTransactionId: String
  /// The product bought.
  public var productId: String
  /// Its type when bought.
  public var productType: ProductType
  /// How many (1 to 10).
  public var quantity: Int
  /// When it was bought.
  public var purchaseDate: Date
  /// When the original purchase was made.
  public var originalPurchaseDate: Date
  /// What was charged in all (unit price × quantity); zero for a re-download.
  public var charged: Price
  /// The storefront it was bought in.
  public var storefront: String
  /// Why the entry exists.
  public var reason: Reason

  /// Creates a record.
  public init(
    transactionId: String, originalTransactionId: String, productId: String, productType: ProductType,
    quantity: Int,
    purchaseDate: Date, originalPurchaseDate: Date, charged: Price, storefront: String, reason: Reason
  ) {
    self.transactionId = transactionId
    self.originalTransactionId = originalTransactionId
    self.productId = productId
    self.productType = productType
    self.quantity = quantity
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.charged = charged
    self.storefront = storefront
    self.reason = reason
  }
}
