import Catalog
import Foundation
import Store
import Workbench

/// Measures the subscription engine: many subscriptions of mixed periods, the clock advanced by
/// years in one step, every renewal recorded.
public struct SubscriptionBenchmark {
  /// What one run measured.
  public struct Measurement: Sendable {
    /// Subscriptions started.
    public var subscriptions: Int
    /// Renewals recorded while the clock moved.
    public var renewals: Int
    /// Wall time of the clock advance, in seconds.
    public var seconds: Double
    /// Renewals per second.
    public var eventsPerSecond: Double { seconds > 0 ? Double(renewals) / seconds : 0 }
  }

  /// The periods the subscriptions cycle through.
  static let periods = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"].compactMap(
    SubscriptionPeriod.init(iso8601:))

  /// How many subscriptions.
  public var subscriptions: Int
  /// How far the clock moves.
  public var span: TimeSpan

  /// Creates a benchmark.
  public init(subscriptions: Int, span: TimeSpan) {
    self.subscriptions = subscriptions
    self.span = span
  }

  /// Builds the world, then times the clock advance.
  public func run() throws -> Measurement {
    let catalog = Self.catalog()
    let store = Store(catalog: catalog, log: EventLog())
    for index in 0..<subscriptions {
      let account = try store.addAccount(named: "customer\(index)")
      let product = catalog.products[index % catalog.products.count]
      guard case .success = store.charge(productId: product.id, quantity: 1, account: account) else {
        throw WorkbenchError(.benchmark, "the benchmark could not subscribe to \(product.id)")
      }
    }
    let start = ContinuousClock.now
    try store.advanceClock(by: span)
    let elapsed = ContinuousClock.now - start
    let records = (0..<subscriptions).reduce(0) {
      $0 + (store.account(named: "customer\($1)")?.history.count ?? 0)
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Measurement(subscriptions: subscriptions, renewals: records - subscriptions, seconds: seconds)
  }

  /// One product per period, each in its own group, no offers.
  static func catalog() -> Catalog {
    let products = periods.enumerated().map { index, period in
      Product(
        id: "bench.\(period.iso8601.lowercased())", type: .autoRenewable, referenceName: "Bench \(period)",
        localizations: [
          Localization(locale: "en_US", text: LocalizedText(title: "Bench \(period)", description: ""))
        ],
        basePrice: Decimal(index + 1),
        subscription: Subscription(group: "group\(index)", level: 1, period: period))
    }
    return Catalog(bundleId: "com.example.bench", products: products)
  }
}
