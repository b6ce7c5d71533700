import Foundation

extension Product {
  /// The products the App Store sells among `identifiers`, in no particular order; unknown ones
  /// and ones not cleared for sale are left out.
  ///
  /// - Parameter identifiers: Product identifiers: an array, a set, a dictionary's keys.
  /// - Throws: ``StoreKitError`` when an error is armed for loading products.
  public static func products<Identifiers: Collection>(
    for identifiers: Identifiers
  ) async throws -> [Product] where Identifiers.Element == String {
    try await CurrentStore.required("Product.products(for:)").products(for: Array(identifiers))
  }

  /// Buys the product: the customer confirms the payment sheet, then the App Store charges.
  ///
  /// - Parameter options: The purchase's options (quantity, app account token, an offer).
  /// - Returns: `.success` with the signed transaction, `.pending` (Ask to Buy), or
  ///   `.userCancelled`.
  /// - Throws: ``Product/PurchaseError`` or ``StoreKitError``, as StoreKit throws them.
  public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
    try await CurrentStore.required("Product.purchase(options:)").purchase(self, options: options)
  }

  /// The latest transaction of the product, refunded or not (`Transaction.latest(for:)`).
  public var latestTransaction: VerificationResult<Transaction>? {
    get async { await Transaction.latest(for: id) }
  }

  /// The customer's entitlement to the product, if any.
  @available(*, deprecated, message: "use currentEntitlements")
  public var currentEntitlement: VerificationResult<Transaction>? {
    get async { await CurrentStore.required("Product.currentEntitlement").entitlements(productID: id).last }
  }

  /// The customer's entitlements to the product (`Transaction.currentEntitlements(for:)`).
  public var currentEntitlements: Transaction.Transactions {
    Transaction.currentEntitlements(for: id)
  }
}
