import Store

extension World {
  /// `AppStore.sync()`, StoreKit 2's answer to restoring purchases: Apple writes the device a new
  /// receipt, and a StoreKit 2 app checks its entitlements again.
  ///
  /// - Parameter device: The device whose app asks.
  /// - Returns: How many entitlements the signed-in account has now.
  /// - Throws: ``SimulationError`` when no account is signed in on the device.
  @discardableResult
  public func sync(_ device: Device) throws(SimulationError) -> Int {
    guard let account = device.queue.account else {
      throw SimulationError(.notAllowed, "no account is signed in on \(device.name)")
    }
    refreshReceipt(of: device)
    if device.api.usesStoreKit2 { device.storeKit2.checkEntitlements() }
    return CurrentEntitlements.of(account, at: store.clock.now).count
  }
}
