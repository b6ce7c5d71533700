import Foundation
import StoreBenchKit
import Testing

/// What every test of the target shares: the default catalog, a fresh store over it, and small
/// helpers an app's own tests would write the same way.
enum Fixtures {
  /// `catalog/default.json`, found from this file.
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../catalog/default.json").standardizedFileURL

  /// `catalog/selfies.storekit`: an Xcode StoreKit configuration file.
  static let storeKitFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../catalog/selfies.storekit").standardizedFileURL

  /// 2025-01-15 12:00:00 UTC: where fixed-time worlds start.
  static let start = Date(timeIntervalSince1970: 1_736_942_400)

  /// A new world over the default catalog.
  static func store(_ time: TestStore.Time = .wallClock) throws -> TestStore {
    try TestStore(catalogFile: catalog, time: time)
  }

  /// One product of the catalog, loaded as the app loads it.
  static func product(_ id: String) async throws -> Product {
    try #require(try await Product.products(for: [id]).first, "no product \(id)")
  }

  /// Buys a product as an app does and hands back the verified transaction, unfinished.
  static func buy(_ id: String, options: Set<Product.PurchaseOption> = []) async throws -> Transaction {
    let product = try await product(id)
    guard case .success(.verified(let transaction)) = try await product.purchase(options: options) else {
      throw Failure("the purchase of \(id) is not a verified success")
    }
    return transaction
  }

  /// The elements of a query (`Transaction.all`, `currentEntitlements`…), verified or not.
  static func collect(_ transactions: Transaction.Transactions) async -> [Transaction] {
    var found: [Transaction] = []
    for await result in transactions { found.append(result.unsafePayloadValue) }
    return found
  }

  /// The UTC calendar the world counts months in.
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// A date moved by calendar components in UTC.
  static func date(_ date: Date, plus components: DateComponents) -> Date {
    utc.date(byAdding: components, to: date)!
  }
}

/// A test's own failure, with what went wrong.
struct Failure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// What a listener heard, in order, for a test to read after `settle()`.
actor Log<Element: Sendable> {
  private(set) var items: [Element] = []

  func add(_ item: Element) {
    items.append(item)
  }

  var count: Int { items.count }
}

/// An app's listeners, started as Food Truck starts them: `Transaction.updates` (finishing what
/// verifies), `Product.SubscriptionInfo.Status.updates`, `Storefront.updates` and
/// `PurchaseIntent.intents`, each writing what it heard to a log. Made inside `store.run { }`,
/// they listen to that store (a `Task { }` inherits it); made outside, to the installed one.
final class Listeners: Sendable {
  let transactions = Log<VerificationResult<Transaction>>()
  let statuses = Log<Product.SubscriptionInfo.Status>()
  let storefronts = Log<String>()
  let intents = Log<PurchaseIntent>()
  private let tasks: [Task<Void, Never>]

  /// Starts the four listeners and returns once each is listening: a status or storefront change
  /// made before a listener starts is not replayed to it, as in StoreKit.
  static func start() async -> Listeners {
    let (started, starting) = AsyncStream<Void>.makeStream()
    let listeners = Listeners(started: starting)
    var count = 0
    for await _ in started {
      count += 1
      if count == listeners.tasks.count { break }
    }
    return listeners
  }

  private init(started: AsyncStream<Void>.Continuation) {
    let (transactions, statuses, storefronts, intents) = (transactions, statuses, storefronts, intents)
    tasks = [
      Task {
        var updates = Transaction.updates.makeAsyncIterator()
        started.yield()
        while let result = await updates.next() {
          await transactions.add(result)
          if case .verified(let transaction) = result { await transaction.finish() }
        }
      },
      Task {
        var updates = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
        started.yield()
        while let status = await updates.next() { await statuses.add(status) }
      },
      Task {
        var updates = Storefront.updates.makeAsyncIterator()
        started.yield()
        while let storefront = await updates.next() { await storefronts.add(storefront.countryCode) }
      },
      Task {
        var intentsSeen = PurchaseIntent.intents.makeAsyncIterator()
        started.yield()
        while let intent = await intentsSeen.next() { await intents.add(intent) }
      },
    ]
  }

  /// The transactions heard, as `product reason` (`revoked` for a revocation).
  var heard: [String] {
    get async {
      await transactions.items.map { result in
        let transaction = result.unsafePayloadValue
        let what = transaction.revocationDate != nil ? "revoked" : transaction.reason.rawValue.lowercased()
        return "\(transaction.productID) \(what)"
      }
    }
  }

  /// Stops listening. In a world of its own (`store.run { }`) a listener may still finish what it
  /// took: its tasks keep that world.
  func stop() {
    for task in tasks { task.cancel() }
  }

  /// Stops listening and waits until every listener has stopped: before a test uninstalls the world
  /// its listeners call into.
  func stopAndWait() async {
    stop()
    for task in tasks { await task.value }
  }
}
