import Catalog
import Foundation
import Queue
import Store
import Verifier

/// Builds the app receipt a device holds, from Apple's records of the account, the way Apple does:
/// every non-consumable, every period of every subscription, non-renewing subscriptions, and
/// consumables until their transaction is finished; re-downloads add nothing.
struct ReceiptBuilder {
  let store: Store
  let registry: TransactionRegistry
  let environment: Verifier.Environment

  /// The receipt type written in attribute 0.
  var receiptType: String { environment == .production ? "Production" : "ProductionSandbox" }

  func receipt(for device: Device, generation: Int) -> AppReceipt {
    let account = device.queue.account
    let opaque = Self.bytes(from: "\(device.name)#\(generation)", count: 16)
    let identifier = device.identifier
    let bundleId = store.catalog.bundleId
    let hash = ReceiptHash.sha1(deviceIdentifier: identifier, opaqueValue: opaque, bundleId: bundleId)
    return AppReceipt(
      receiptType: receiptType, appItemId: 0, bundleId: bundleId, appVersion: store.catalog.appVersion,
      opaqueValue: opaque, sha1Hash: hash, creationDate: store.clock.now,
      originalApplicationVersion: store.catalog.appVersion, originalPurchaseDate: VirtualClock.defaultStart,
      inAppPurchases: account.history.filter(isInReceipt).map(entry))
  }

  private func isInReceipt(_ record: PurchaseRecord) -> Bool {
    guard record.reason != .redownload else { return false }
    switch record.productType {
    case .consumable:
      return !(registry.transaction(identifier: record.transactionId)?.isFinished ?? false)
    case .nonConsumable, .autoRenewable, .nonRenewing:
      return true
    }
  }

  private func entry(_ record: PurchaseRecord) -> InAppPurchaseReceipt {
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
