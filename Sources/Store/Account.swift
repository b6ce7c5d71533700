/// An Apple Account and everything the App Store knows about its purchases.
public final class Account {
  /// The account's name in the workbench, such as `default`.
  public let name: String
  /// Every charge and re-download, oldest first.
  public private(set) var history: [PurchaseRecord] = []

  /// Creates an account with no purchases.
  public init(name: String) {
    self.name = name
  }

  /// Adds an entry to the history.
  func append(_ record: PurchaseRecord) {
    history.append(record)
  }

  /// The first purchase of a non-consumable, if the account owns it.
  public func ownedPurchase(of productId: String) -> PurchaseRecord? {
    history.first { $0.productId == productId && $0.productType == .nonConsumable && $0.reason == .purchase }
  }

  /// What `restoreCompletedTransactions` brings back: the original purchase of every owned
  /// non-consumable, in purchase order.
  public var restorablePurchases: [PurchaseRecord] {
    history.filter { $0.reason == .purchase && $0.productType == .nonConsumable }
  }
}
