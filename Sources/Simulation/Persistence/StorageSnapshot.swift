import Observer

/// What the app kept on a device: consumable balances and unlocked products.
struct StorageSnapshot: Codable, Hashable {
  var balances: [BalanceSnapshot]
  var unlocked: [String]

  init(_ storage: AppStorage) {
    balances = storage.balances.sorted { $0.key < $1.key }.map {
      BalanceSnapshot(productId: $0.key, count: $0.value)
    }
    unlocked = storage.unlocked.sorted()
  }

  var storage: AppStorage {
    AppStorage(
      balances: Dictionary(balances.map { ($0.productId, $0.count) }, uniquingKeysWith: +),
      unlocked: Set(unlocked))
  }
}
