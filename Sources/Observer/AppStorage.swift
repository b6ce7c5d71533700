/// What the app itself keeps on the device about what it delivered: unlocked features and
/// consumable balances. It survives relaunches; it is the app's view, not Apple's.
public final class AppStorage {
  /// Consumable balances by product identifier.
  public internal(set) var balances: [String: Int] = [:]
  /// Unlocked non-consumables and subscriptions, by product identifier.
  public internal(set) var unlocked: Set<String> = []

  /// Creates empty storage.
  public init() {}

  /// Adds to a consumable balance and returns the new balance.
  @discardableResult
  public func add(_ quantity: Int, to productId: String) -> Int {
    balances[productId, default: 0] += quantity
    return balances[productId]!
  }

  /// Unlocks a product; returns whether it was locked before.
  @discardableResult
  public func unlock(_ productId: String) -> Bool {
    unlocked.insert(productId).inserted
  }

  /// Locks a product again; returns whether it was unlocked.
  @discardableResult
  public func lock(_ productId: String) -> Bool {
    unlocked.remove(productId) != nil
  }

  /// Empties the storage: every balance and every unlocked product is gone.
  public func clear() {
    balances = [:]
    unlocked = []
  }

  /// Whether the storage holds nothing.
  public var isEmpty: Bool { balances.isEmpty && unlocked.isEmpty }
}
