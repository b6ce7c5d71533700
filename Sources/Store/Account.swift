/// An Apple Account and everything the App Store knows about its purchases.
public final class Account {
  /// The account's name in the workbench, such as `default`.
  public let name: String
  /// Every charge, re-download and renewal, oldest first.
  public private(set) var history: [PurchaseRecord] = []
  /// The account's auto-renewable subscriptions, one per subscription group.
  public internal(set) var subscriptions: [String: SubscriptionState] = [:]
  /// Groups in which the account has redeemed an introductory offer (one per group, ever).
  public internal(set) var introductoryOfferGroups: Set<String> = []
  private var indexByTransaction: [UInt64: Int] = [:]

  /// Creates an account with no purchases.
  public init(name: String) {
    self.name = name
  }

  /// Adds an entry to the history and returns its index.
  @discardableResult
  func append(_ record: PurchaseRecord) -> Int {
    history.append(record)
    indexByTransaction[record.transactionNumber] = history.count - 1
    return history.count - 1
  }

  /// Changes an entry of the history.
  func update(at index: Int, _ change: (inout PurchaseRecord) -> Void) {
    change(&history[index])
  }

  /// The position of the entry with this transaction identifier.
  public func index(ofTransaction number: UInt64) -> Int? {
    indexByTransaction[number]
  }

  /// The first purchase of a non-consumable, if the account owns it (a refund ends ownership).
  public func ownedPurchase(of productId: String) -> PurchaseRecord? {
    history.first {
      $0.productId == productId && $0.productType == .nonConsumable && $0.reason == .purchase
        && !$0.isCancelled
    }
  }

  /// What `restoreCompletedTransactions` brings back, in purchase order: the original purchase of
  /// every owned non-consumable, and every period of every auto-renewable subscription, leaving
  /// out what was refunded or replaced by an upgrade.
  public var restorablePurchases: [PurchaseRecord] {
    history.filter { record in
      guard !record.isCancelled else { return false }
      switch record.productType {
      case .nonConsumable: return record.reason == .purchase || record.reason == .familyShare
      case .autoRenewable: return record.reason != .redownload
      case .consumable, .nonRenewing: return false
      }
    }
  }

  /// The positions of records shared from a purchaser's transaction.
  func indices(sharedFrom number: UInt64) -> [Int] {
    history.indices.filter { history[$0].sharedFromTransactionNumber == number }
  }

  /// The subscription of a group, if the account ever subscribed in it.
  public func subscription(inGroup group: String) -> SubscriptionState? {
    subscriptions[group]
  }
}
