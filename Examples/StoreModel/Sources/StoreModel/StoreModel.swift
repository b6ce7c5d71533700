import Foundation

/// The app's purchase logic: what is unlocked, kept in step with the App Store's entitlements.
///
/// The rule it keeps is Apple's: what unlocks features is `Transaction.currentEntitlements`, never
/// the memory of a purchase, so a subscription in billing retry, expired or refunded locks again.
public actor StoreModel {
  /// The subscription that makes a customer Pro.
  public static let proProducts: Set<String> = ["pro.monthly", "pro.yearly"]

  private let service: any PurchaseService
  /// The products unlocked now.
  public private(set) var unlocked: Set<String> = []

  /// Creates a model over a purchase service.
  public init(service: any PurchaseService) {
    self.service = service
  }

  /// Whether the customer has Pro.
  public var isPro: Bool { !unlocked.isDisjoint(with: Self.proProducts) }

  /// Reads the entitlements again (at launch, after an update, when the app comes to the front).
  public func refresh() async {
    unlocked = await service.entitledProductIDs()
  }

  /// Buys a product and refreshes what is unlocked.
  public func buy(_ productID: String) async throws -> PurchaseOutcome {
    let outcome = try await service.purchase(productID)
    await refresh()
    return outcome
  }

  /// Handles the next transaction from outside the app (an Ask to Buy approval, a refund, a
  /// purchase on another device), then refreshes.
  ///
  /// - Returns: the product it was for, or `nil` when updates ended.
  @discardableResult
  public func handleNextUpdate() async -> String? {
    let productID = await service.nextUpdate()
    await refresh()
    return productID
  }
}
