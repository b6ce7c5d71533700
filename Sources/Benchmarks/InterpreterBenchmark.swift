import Catalog
import Foundation
import Simulation
import Store
import Workbench

/// Measures whole commands as a script runs them, through the same interpreter: a long purchase
/// history, a day of renewals at the fastest time rate, and many inexpensive commands. What each
/// command costs must not grow with the history behind it.
public struct InterpreterBenchmark {
  /// One measured script.
  public struct Measurement: Sendable {
    /// What ran.
    public var name: String
    /// How many command lines ran.
    public var commands: Int
    /// Wall time, in seconds.
    public var seconds: Double
    /// How many output lines the commands wrote.
    public var outputLines: Int
    /// Command lines per second.
    public var commandsPerSecond: Double { seconds > 0 ? Double(commands) / seconds : 0 }
  }

  /// Consumables bought in the purchase run.
  public var purchases: Int
  /// Commands in the inexpensive run.
  public var cheapCommands: Int
  /// The certificate authority's directory, for `verify`.
  public var authorityDirectory: URL

  /// Creates a benchmark.
  public init(purchases: Int = 10_000, cheapCommands: Int = 100_000, authorityDirectory: URL) {
    self.purchases = purchases
    self.cheapCommands = cheapCommands
    self.authorityDirectory = authorityDirectory
  }

  /// Runs the three scripts.
  ///
  /// - Throws: ``WorkbenchError`` when a line of a script fails.
  public func run() throws -> [Measurement] {
    [
      try measure(
        "\(purchases) buy of a consumable, then verify",
        Array(repeating: "buy bench.coins", count: purchases) + ["verify", "expect verify 0"]),
      try measure(
        "time-rate every-2s, a weekly subscription, advance-clock 1d, verify",
        ["time-rate every-2s", "buy bench.weekly", "advance-clock 1d", "verify", "expect verify 0"]),
      try measure(
        "\(cheapCommands) inexpensive commands (products, clock, transactions)",
        (0..<cheapCommands).map { ["products", "clock", "transactions"][$0 % 3] }),
    ]
  }

  func measure(_ name: String, _ lines: [String]) throws -> Measurement {
    var outputLines = 0
    let sink = OutputSink(write: { _ in outputLines += 1 }, writeError: { _ in outputLines += 1 })
    let session = SessionOptions(
      catalog: Self.catalog(), catalogSource: "bench", caDirectory: authorityDirectory.path
    ).makeSession(output: sink, directory: FileManager.default.currentDirectoryPath)
    _ = try session.world.authority()  // created once, outside the measurement
    let owner = SessionOwner.of(session)  // every line goes through the world's owner, as at the prompt
    let start = ContinuousClock.now
    for (index, line) in lines.enumerated() {
      if let failure = owner.run(line: line).failure {
        throw WorkbenchError(.benchmark, "benchmark line \(index + 1) (\(line)): \(failure)")
      }
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Measurement(name: name, commands: lines.count, seconds: seconds, outputLines: outputLines)
  }

  /// A consumable and a weekly subscription.
  static func catalog() -> Catalog {
    let text = { (title: String) in
      [Localization(locale: "en_US", text: LocalizedText(title: title, description: ""))]
    }
    return Catalog(
      bundleId: "com.example.bench",
      products: [
        Product(
          id: "bench.coins", type: .consumable, referenceName: "Coins", localizations: text("Coins"),
          basePrice: 0.99),
        Product(
          id: "bench.weekly", type: .autoRenewable, referenceName: "Weekly", localizations: text("Weekly"),
          basePrice: 1.99,
          subscription: Subscription(
            group: "bench", level: 1, period: SubscriptionPeriod(value: 1, unit: .week))),
      ])
  }
}
