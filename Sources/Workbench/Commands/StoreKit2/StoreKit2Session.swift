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

  /// Refuses a product the catalog lacks, as StoreKit 2 needs a `Product` to ask about.
  func requireProduct(_ productId: String) throws(WorkbenchError) {
    guard world.store.catalog.product(productId) != nil else {
      throw WorkbenchError(.notFound, "no product \"\(productId)\" in the catalog (`products` lists them)")
    }
  }
}
