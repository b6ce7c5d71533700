import Foundation
import Store

extension World {
  /// A purchase made at an earlier instant, as StoreKit Testing's `buyProduct(identifier:options:)`
  /// with the purchase option `.purchaseDate(_:renewalBehavior:)` makes one: Apple charges the
  /// device's account as ``Store/chargeBackdated(productId:at:renewal:account:)`` says (dated
  /// `date`, at today's price), and the purchase reaches the device's queue as a transaction made
  /// outside the app, as a purchase on another device does: the queue's observers, the app's
  /// `Transaction.updates` and the StoreKit 2 apps of the account's other devices hear it. Then
  /// what fell due since happens in order, as moving the clock would have made it: for an
  /// auto-renewable subscription, each renewal with its own transaction dated at the end of the
  /// period before (or billing retry, as the switches say), reaching the devices as renewals do,
  /// or with ``BackdatedRenewal/cancelImmediately`` its expiry at the end of the first period. The
  /// clock does not move.
  ///
  /// Like every change, it belongs inside ``step(changing:_:)``, which the caller opens.
  ///
  /// - Parameters:
  ///   - productId: the product bought.
  ///   - date: when it was bought: not after now, not before 1970.
  ///   - renewal: what an auto-renewable subscription does from `date` until now.
  ///   - device: the device whose account buys, and whose queue gets the transaction.
  /// - Returns: the purchase's entry (a subscription's first period; its renewals follow it in the
  ///   account's history).
  /// - Throws: ``SimulationError`` when no account is signed in on the device, or the store refuses
  ///   (a date in the future or before 1970, an unknown product, a non-consumable owned already, a
  ///   subscription group with a live subscription); nothing changes.
  @discardableResult
  public func purchase(
    productId: String, backdatedTo date: Date, renewal: BackdatedRenewal, on device: Device
  ) throws(SimulationError) -> PurchaseRecord {
    guard let account = device.queue.account else {
      throw SimulationError(.notAllowed, "no account is signed in on \(device.name)")
    }
    let record: PurchaseRecord
    do {
      record = try store.chargeBackdated(productId: productId, at: date, renewal: renewal, account: account)
    } catch {
      throw SimulationError(error)
    }
    device.queue.receive(record)
    advanceClock(to: store.clock.now)
    return record
  }
}
