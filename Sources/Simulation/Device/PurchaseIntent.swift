/// StoreKit 2's `PurchaseIntent`: a purchase the customer started outside the app (a promoted
/// in-app purchase on the App Store, a win-back offer without Streamlined Purchasing), which the
/// app completes with `product.purchase(options:)`.
public struct PurchaseIntent: Hashable, Sendable {
  /// The intent's number on the device, from 1.
  public var number: Int
  /// The product.
  public var productId: String
  /// The win-back offer it carries (`PurchaseIntent.offer`), if any.
  public var winBackOfferId: String?

  /// `1 pro.monthly (offer win-back pro.comeback)`.
  public var description: String {
    "\(number) \(productId)" + (winBackOfferId.map { " (offer win-back \($0))" } ?? "")
  }
}
