import Queue
import Simulation
import Store

extension World {
  /// A long subscription history, built through the world's own API in one step: the certificate
  /// authority is opened (created, when it is new, outside any measurement), `productId` is bought
  /// on the current device and the clock moves `span` on, renewing it meanwhile.
  ///
  /// - Throws: The queue's error when the purchase is refused, the store's when the clock cannot
  ///   move, ``SimulationError`` when the authority cannot be opened.
  func subscribe(to productId: String, renewingFor span: TimeSpan) throws {
    try step(changing: true) {
      _ = try authority()
      _ = try device.queue.add(Payment(productId: productId))
      try advanceClock(by: span)
    }
  }
}
