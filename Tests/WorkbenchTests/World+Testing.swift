import Queue
import Store

@testable import Workbench

extension World {
  /// A world over the built-in default catalog, with events going nowhere.
  static func onDefaultCatalog() throws -> World {
    World(catalog: try CatalogLocator.builtIn(), log: EventLog())
  }

  /// Buys on the current device and lets the app's run loop turn.
  func buy(_ productId: String) throws -> PaymentTransaction {
    let transaction = try device.queue.add(Payment(productId: productId))
    settle()
    return transaction
  }
}
