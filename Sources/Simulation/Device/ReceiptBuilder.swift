import Catalog
import Foundation
import Store
import Verifier

/// Reads an app receipt back from the moment Apple wrote it: every non-consumable, every period
/// of every subscription, non-renewing subscriptions, and consumables not yet finished then;
/// re-downloads add nothing.
struct ReceiptBuilder {
  let world: World

  /// The receipt a snapshot stands for, on a device: `app_item_id` is the world's app Apple ID in
  /// production, 0 in the sandbox (as Apple's).
  func receipt(_ snapshot: ReceiptSnapshot, on device: Device) -> AppReceipt {
    let catalog = world.store.catalog
    let opaque = Self.bytes(from: "\(device.name)#\(snapshot.generation)", count: 16)
    let hash = ReceiptHash.sha1(
      deviceIdentifier: device.identifier, opaqueValue: opaque, bundleId: catalog.bundleId)
    return AppReceipt(
      receiptType: snapshot.environment == .production ? "Production" : "ProductionSandbox",
      appItemId: snapshot.environment == .production ? Int(world.appAppleId) : 0,
      bundleId: catalog.bundleId, appVersion: catalog.appVersion, opaqueValue: opaque, sha1Hash: hash,
      creationDate: snapshot.stamp.date,
      originalApplicationVersion: world.originalApplicationVersion(in: snapshot.environment),
      originalPurchaseDate: world.originalPurchaseDate(in: snapshot.environment),
      inAppPurchases: snapshot.account.receiptRecords(asOf: snapshot.stamp).map(Self.entry))
  }

  /// The receipt's entry (field 17) for a history entry.
  static func entry(_ record: PurchaseRecord) -> InAppPurchaseReceipt {
    let subscription = record.productType == .autoRenewable
    return InAppPurchaseReceipt(
      quantity: record.quantity, productId: record.productId, transactionId: record.transactionId,
      originalTransactionId: record.originalTransactionId, purchaseDate: record.purchaseDate,
      originalPurchaseDate: record.originalPurchaseDate, productType: record.productType.receiptCode,
      expiresDate: record.expiresDate, webOrderLineItemId: record.webOrderLineItemNumber.map { Int($0) },
      cancellationDate: record.cancellationDate, isTrialPeriod: subscription ? record.isTrialPeriod : false,
      isInIntroOfferPeriod: subscription ? record.isInIntroOfferPeriod : nil,
      promotionalOfferId: record.promotionalOfferId)
  }

  /// Deterministic pseudo-random bytes from a seed (FNV-1a stretched with a counter): device
  /// identifiers and opaque values must be stable from run to run.
  static func bytes(from seed: String, count: Int) -> [UInt8] {
    var output: [UInt8] = []
    var block: UInt64 = 0
    while output.count < count {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in Array(seed.utf8) + withUnsafeBytes(of: block.bigEndian, Array.init) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      output += withUnsafeBytes(of: hash.bigEndian, Array.init)
      block += 1
    }
    return Array(output.prefix(count))
  }
}
