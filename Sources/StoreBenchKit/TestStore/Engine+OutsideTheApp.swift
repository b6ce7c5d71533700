import Queue
import Simulation
import Store

extension Engine {
  /// The device the customer buys on outside the app (Xcode's Transaction Manager, another
  /// iPhone): signed in to the same account.
  static let otherDevice = "other-device"

  /// A purchase made outside the app, on another device of the account: the app hears it through
  /// `Transaction.updates`.
  ///
  /// - Returns: The transaction, as signed for the app.
  func purchaseOutsideTheApp(_ payment: Payment) throws -> Transaction {
    let record = try onAnotherDevice { other in
      let added = try step { () throws(QueueError) in try other.queue.add(payment) }
      guard let record = added.record else {
        let why = added.error.map { "\($0)" } ?? "it is \(added.state)"
        throw TestStoreError(
          "the purchase of \(payment.productId) outside the app did not go through: \(why)",
          kind: .invalidAction)
      }
      return record
    }
    return transaction(record, as: .verified).unsafePayloadValue
  }

  /// Runs work on the other device of the account (made the first time), leaving the app's device
  /// the world's current one.
  func onAnotherDevice<T>(_ body: (Device) throws -> T) throws -> T {
    if world.device(named: Self.otherDevice) == nil {
      try world.addDevice(named: Self.otherDevice)
    }
    guard let other = world.device(named: Self.otherDevice) else {
      throw TestStoreError("the other device could not be added", kind: .invalidAction)
    }
    return try body(other)
  }
}
