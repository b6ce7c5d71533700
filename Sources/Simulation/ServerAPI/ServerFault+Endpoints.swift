extension ServerFault {
  /// Every name a fault may be set on: the App Store Server API's endpoints (from its route table),
  /// verifyReceipt, `all`. The faces of Apple's servers name their endpoints; the fault switches
  /// only hold a name.
  public static var endpointNames: [String] {
    AppStoreServerAPI.endpointNames + [verifyReceipt, allEndpoints]
  }
}
