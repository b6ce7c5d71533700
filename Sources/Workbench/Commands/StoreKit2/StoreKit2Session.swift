import Queue
import Simulation
import Store

extension Session {
  /// A transaction as the current device's StoreKit 2 side sees it: its line, signed and checked
  /// as StoreKit checks it.
  func storeKit2Line(_ record: PurchaseRecord) throws -> String {
    let verification = try world.storeKit2Transaction(record, on: device).verification
    return StoreKit2Line.transaction(record, handle: handleOnDevice(record), verification: verification)
  }

  /// The handle of the current device's transaction for an App Store transaction, if it has one.
  func handleOnDevice(_ record: PurchaseRecord) -> Int? {
    device.storeKit2.handle(of: record)
  }

  /// Whether a StoreKit 2 call goes through: an error armed for its API (`fail-next API`, a
  /// `.storekit` file's `_storeKitErrors`) makes it throw instead, and the error is printed.
  func storeKit2CallSucceeds(_ api: FaultPlan.API, _ call: String) -> Bool {
    guard let error = world.store.faults.take(api) else { return true }
    print("\(call) threw \(error.storeKit2Name) (\(error))")
    return false
  }

  /// Whether a StoreKit 2 call would take an armed error: such a call changes the world.
  func storeKit2CallFails(_ api: FaultPlan.API) -> Bool {
    world.store.faults.failsNext(api)
  }

  /// Whether the next transaction the app checks will fail the check (`unverified-next`, or an
  /// error armed for `verification`): a command signing one then changes the world.
  var nextSignatureIsDamaged: Bool {
    !device.storeKit2.damages.isEmpty || storeKit2CallFails(.verification)
  }

  /// Refuses a product the catalog lacks, as StoreKit 2 needs a `Product` to ask about.
  func requireProduct(_ productId: String) throws(WorkbenchError) {
    guard world.store.catalog.product(productId) != nil else {
      throw WorkbenchError(
        .unknownProduct, world.store.catalog.unknownProductReason(productId) + " (`products` lists them)")
    }
  }
}
