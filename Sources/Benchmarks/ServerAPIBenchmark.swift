import Foundation
import Simulation
import Store
import Verifier
import Workbench

/// Measures the local App Store's server answers in-process, without HTTP: the world's share of a
/// request, which the server's edge runs on one actor, one request at a time. A customer on the
/// built-in catalog has bought `pro.monthly` and renewed it for a long history (100 transactions by
/// default); the app has a shared secret. Each endpoint is called again and again for a while, and
/// every call is timed.
public struct ServerAPIBenchmark {
  /// One endpoint's timings.
  public struct Measurement: Sendable {
    /// What was called.
    public var name: String
    /// How many calls were timed.
    public var calls: Int
    /// Their total time, in seconds.
    public var seconds: Double
    /// The mean time of a call, in microseconds.
    public var meanMicroseconds: Double
    /// The 99th percentile of a call's time, in microseconds.
    public var p99Microseconds: Double
    /// How many bytes the answer's body has.
    public var answerBytes: Int
    /// Calls per second, one after the other.
    public var callsPerSecond: Double { seconds > 0 ? Double(calls) / seconds : 0 }
  }

  /// The shared secret verifyReceipt requests carry.
  static let sharedSecret = "bench-shared-secret"

  /// The certificate authority's directory.
  public var authorityDirectory: URL
  /// How long each endpoint is called, in seconds.
  public var seconds: Double
  /// How many transactions the subscription history has (the purchase and its renewals).
  public var transactions: Int

  /// Creates a benchmark.
  public init(authorityDirectory: URL, seconds: Double = 1, transactions: Int = 100) {
    self.authorityDirectory = authorityDirectory
    self.seconds = seconds
    self.transactions = transactions
  }

  /// Builds the world and measures each endpoint.
  ///
  /// - Throws: ``WorkbenchError`` when the world cannot be built or an endpoint answers other than
  ///   expected (a benchmark of failures would measure nothing useful).
  public func run() throws -> [Measurement] {
    let world = try makeWorld()
    let history = world.device.queue.account?.history ?? []
    guard history.count == transactions, let latest = history.last else {
      throw WorkbenchError(
        .benchmark, "the benchmark history has \(history.count) transactions, not \(transactions)")
    }
    let original = String(latest.originalTransactionNumber)
    let receipt = Data(try world.signedReceipt(of: world.device)).base64EncodedString()
    let body = Array(#"{"receipt-data":"\#(receipt)","password":"\#(Self.sharedSecret)"}"#.utf8)
    let api = { (path: String) in
      { AppStoreServerAPI.respond(to: APIRequest(method: "GET", path: path), in: world) }
    }
    return [
      try measure("GET /inApps/v1/transactions/{id}", expecting: "signedTransactionInfo") {
        api("/inApps/v1/transactions/\(latest.transactionNumber)")()
      },
      try measure("GET /inApps/v2/history/{id} (first page)", expecting: "\"hasMore\":true") {
        api("/inApps/v2/history/\(original)")()
      },
      try measure("GET /inApps/v1/subscriptions/{id}", expecting: "signedRenewalInfo") {
        api("/inApps/v1/subscriptions/\(original)")()
      },
      // A first answer: none kept, as after any change of the world; the receipt's signature and
      // chain checks are kept (``VerifiedReceiptCache``), as for a receipt the backend sent before.
      try measure(
        "POST /sandbox/verifyReceipt (\(transactions) transactions), first answer", expecting: "\"status\""
      ) {
        world.verifyReceiptAnswers.removeAll()  // nothing kept: answered as after a change
        return VerifyReceiptEndpoint.respond(toBody: body, face: .sandbox, in: world)
      },
      try measure(
        "POST /sandbox/verifyReceipt (\(transactions) transactions), again", expecting: "\"status\""
      ) {
        VerifyReceiptEndpoint.respond(toBody: body, face: .sandbox, in: world)
      },
      try measure(
        "POST /sandbox/verifyReceipt (\(transactions) transactions), new receipt",
        expecting: "\"status\""
      ) {
        world.verifyReceiptAnswers.removeAll()
        world.verifiedReceipts.removeAll()  // the signature and the chain are checked again too
        return VerifyReceiptEndpoint.respond(toBody: body, face: .sandbox, in: world)
      },
      try measure("POST /verifyReceipt (a sandbox receipt: 21007), first answer", expecting: "21007") {
        world.verifyReceiptAnswers.removeAll()  // nothing kept: answered as after a change
        return VerifyReceiptEndpoint.respond(toBody: body, face: .production, in: world)
      },
    ]
  }

  /// Runs the benchmark `repeats` times and writes, for each endpoint, its fastest run (by mean).
  ///
  /// - Parameters:
  ///   - repeats: How many runs.
  ///   - write: Writes one line of the report.
  /// - Throws: What ``run()`` throws.
  public func report(repeats: Int, _ write: (String) -> Void) throws {
    write("server answers in-process, one call at a time (\(transactions)-transaction history):")
    let runs = try (0..<max(repeats, 1)).map { _ in try run() }
    for part in runs[0].indices {
      guard let fastest = runs.map({ $0[part] }).min(by: { $0.meanMicroseconds < $1.meanMicroseconds }) else {
        continue
      }
      write(
        "  " + fastest.name.padding(toLength: 62, withPad: " ", startingAt: 0)
          + String(
            format: "mean %8.1f µs  p99 %8.1f µs  %8.0f calls/s  %6d bytes", fastest.meanMicroseconds,
            fastest.p99Microseconds, fastest.callsPerSecond, fastest.answerBytes))
    }
    guard
      let first = runs.map({ $0[Self.firstAnswer] }).min(by: { $0.meanMicroseconds < $1.meanMicroseconds })
    else { return }
    let verifying = try (0..<max(repeats, 1)).map { _ in try CryptoBenchmark.rawVerifyingRate() }.max() ?? 0
    let ratio = verifying > 0 ? first.callsPerSecond / verifying : 0
    write(
      String(
        format:
          "  first verifyReceipt answer over raw P-256 verifying (%.0f /s this run): %.3f (goal at least %.2f: %@)",
        verifying, ratio, Self.firstAnswerGoal, ratio >= Self.firstAnswerGoal ? "met" : "missed"))
  }

  /// Where the first verifyReceipt answer stands among ``run()``'s measurements.
  static let firstAnswer = 3
  /// The goal for a first answer: a tenth of the raw P-256 signature checks a second.
  public static let firstAnswerGoal = 0.10

  /// The world: the built-in catalog, a shared secret, and `pro.monthly` bought and renewed until
  /// the history has ``transactions`` transactions.
  private func makeWorld() throws -> World {
    let world = World(
      catalog: try CatalogLocator.builtIn(), log: EventLog(), authorityDirectory: authorityDirectory)
    world.sharedSecret = Self.sharedSecret
    try world.subscribe(to: "pro.monthly", renewingFor: TimeSpan(months: transactions - 1))
    return world
  }

  /// Calls `call` for ``seconds`` after a short warm-up, timing each call, and checks that the
  /// answer is a 200 whose body contains `expected`.
  private func measure(
    _ name: String, expecting expected: String, _ call: () -> APIResponse
  ) throws -> Measurement {
    let first = call()
    let text = String(decoding: first.body, as: UTF8.self)
    guard first.status == 200, text.contains(expected) else {
      throw WorkbenchError(.benchmark, "\(name) answered \(first.status): \(text.prefix(200))")
    }
    let clock = ContinuousClock()
    var durations: [Duration] = []
    let start = clock.now
    while durations.count < 20 || Self.seconds(clock.now - start) < seconds {
      let before = clock.now
      _ = call()
      durations.append(clock.now - before)
    }
    let total = durations.reduce(Duration.zero, +)
    let sorted = durations.sorted()
    let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    return Measurement(
      name: name, calls: durations.count, seconds: Self.seconds(total),
      meanMicroseconds: Self.seconds(total) / Double(durations.count) * 1e6,
      p99Microseconds: Self.seconds(p99) * 1e6, answerBytes: first.body.count)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
