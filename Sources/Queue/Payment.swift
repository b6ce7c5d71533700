/// `SKPayment`: a request to buy a product, in a quantity.
public struct Payment: Hashable, Sendable {
  /// The allowed quantities, as StoreKit enforces them.
  public static let quantities = 1...10

  /// The product to buy.
  public var productId: String
  /// How many, from 1 to 10.
  public var quantity: Int

  /// Creates a payment.
  public init(productId: String, quantity: Int = 1) {
    self.productId = productId
    self.quantity = quantity
  }
}
