import Foundation
import Store
import Verifier

extension World {
  /// In the sandbox, Apple's receipts and app transactions give every app this original purchase
  /// date (2013-08-01 07:00:00 Etc/GMT) and original application version `1.0`.
  public static let sandboxOriginalPurchaseDate = Date(timeIntervalSince1970: 1_375_340_400)

  /// When the customer first got the app, as receipts and app transactions give it.
  public var originalPurchaseDate: Date { originalPurchaseDate(in: environment) }

  /// The version of the app the customer first got, as receipts and app transactions give it.
  public var originalApplicationVersion: String { originalApplicationVersion(in: environment) }

  /// When the customer first got the app, as a receipt of an environment gives it.
  func originalPurchaseDate(in environment: Verifier.Environment) -> Date {
    if let importedOriginalPurchaseDate { return importedOriginalPurchaseDate }
    return environment == .production ? VirtualClock.defaultStart : Self.sandboxOriginalPurchaseDate
  }

  /// The version of the app the customer first got, as a receipt of an environment gives it.
  func originalApplicationVersion(in environment: Verifier.Environment) -> String {
    if let importedOriginalApplicationVersion { return importedOriginalApplicationVersion }
    return environment == .production ? store.catalog.appVersion : "1.0"
  }

  /// Gives a device a new receipt made from Apple's records as they are now (`SKReceiptRefreshRequest`).
  /// A device signed in to no account gets none and keeps the receipt it has (the workbench's
  /// commands refuse before asking).
  public func refreshReceipt(of device: Device) {
    guard let account = device.queue.account else { return }
    device.keepReceipt(of: account, at: account.stamp(at: store.clock.now), environment: environment)
  }

  /// The receipt on a device, decoded.
  ///
  /// - Throws: ``SimulationError`` when the device has none.
  public func receipt(of device: Device) throws(SimulationError) -> AppReceipt {
    guard let snapshot = device.receipt else {
      throw SimulationError(
        .notFound,
        "\(device.name) has no receipt (after a reinstall, or before any purchase): `receipt refresh`")
    }
    return ReceiptBuilder(world: self).receipt(snapshot, on: device)
  }

  /// The receipt on a device, signed by the certificate authority: signed the first time its
  /// bytes are read, then kept until Apple writes the device a new one.
  ///
  /// - Throws: ``SimulationError`` when the device has none or signing fails.
  public func signedReceipt(of device: Device) throws(SimulationError) -> [UInt8] {
    if let signed = device.signedReceipt { return signed }
    let signed = try sign(try receipt(of: device))
    device.signedReceipt = signed
    return signed
  }

  /// A receipt made now from the records of a device's account, signed: verifyReceipt's `latest_receipt`.
  ///
  /// - Throws: ``SimulationError`` when no account is signed in on the device, or signing fails.
  public func latestSignedReceipt(for device: Device) throws(SimulationError) -> [UInt8] {
    guard let account = device.queue.account else {
      throw SimulationError(.notAllowed, "no account is signed in on \(device.name)")
    }
    if let written = device.receipt, written.account === account, written.environment == environment,
      written.stamp.count == account.history.count, written.stamp.revision == account.revision
    {
      return try signedReceipt(of: device)  // nothing changed since Apple last wrote the device's receipt
    }
    let snapshot = ReceiptSnapshot(
      account: account, stamp: account.stamp(at: store.clock.now), generation: 0, environment: environment)
    return try sign(ReceiptBuilder(world: self).receipt(snapshot, on: device))
  }

  private func sign(_ receipt: AppReceipt) throws(SimulationError) -> [UInt8] {
    let authority = try authority()
    do {
      return try ReceiptEncoder(authority: authority).encode(receipt)
    } catch {
      throw SimulationError(.signingFailed, "cannot sign the receipt: \(error)")
    }
  }
}
