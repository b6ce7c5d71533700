import Catalog
import Foundation
import Queue
import Store
import Verifier

@testable import Simulation

/// The certificate authority the suite's worlds share: creating RSA keys is slow.
let testAuthorityDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
  "storebench-simulation-tests-\(getpid())")

extension World {
  /// A world over the built-in default catalog, with events going nowhere.
  static func onDefaultCatalog(authorityDirectory: URL = testAuthorityDirectory) throws -> World {
    let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Workbench/Resources/default-catalog.json").standardizedFileURL
    return World(
      catalog: try CatalogLoader.load(path: catalog.path), log: EventLog(),
      authorityDirectory: authorityDirectory)
  }

  /// Buys on the current device and lets the app's run loop turn.
  func buy(_ productId: String) throws -> PaymentTransaction {
    let transaction = try device.queue.add(Payment(productId: productId))
    settle()
    return transaction
  }

  /// The current device's receipt, decoded; `nil` when it has none.
  var deviceReceipt: AppReceipt? { try? receipt(of: device) }
}
