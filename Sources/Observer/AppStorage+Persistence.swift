extension AppStorage {
  /// Creates storage holding what a saved world's app kept.
  public convenience init(balances: [String: Int], unlocked: Set<String>) {
    self.init()
    self.balances = balances
    self.unlocked = unlocked
  }
}
