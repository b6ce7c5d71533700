import Foundation
import JSON

/// One performance test of the app's realtime URL, run in real time: the requests, signed in
/// advance, go out paced evenly over the test's duration with at most the configured number in
/// flight, each allowed the response-time threshold. Its figures are read at any time, from any
/// thread, while the requests are out.
public final class PerformanceTestRun: @unchecked Sendable {
  /// The test's identifier (`requestId`).
  public let requestId: String
  /// Its parameters.
  public let config: PerformanceTestConfig
  /// The URL it tests.
  public let target: String

  private let lock = NSLock()
  private var times: [Int] = []
  private var failures: [SendAttemptResult: Int] = [:]
  private var successes = 0

  /// Creates a test that has not started.
  init(requestId: String, config: PerformanceTestConfig, target: String) {
    self.requestId = requestId
    self.config = config
    self.target = target
  }

  /// The figures now.
  public func snapshot() -> PerformanceTestResult {
    lock.lock()
    defer { lock.unlock() }
    let done = successes + failures.values.reduce(0, +)
    let pending = config.totalRequests - done
    let rate = done == 0 ? 0 : successes * 100 / done
    let status: PerformanceTestResult.Status =
      pending > 0 ? .pending : (rate >= config.successRateThreshold ? .pass : .fail)
    return PerformanceTestResult(
      status: status, successRate: rate, numPending: pending, responseTimes: Self.summary(of: times),
      failures: failures)
  }

  /// The answer of Get Performance Test Results.
  var json: OrderedJSON {
    .object(
      [.init("config", config.json), .init("target", .string(target))] + snapshot().members)
  }

  /// Sends every request and records each outcome; returns when the last is answered.
  ///
  /// - Parameters:
  ///   - bodies: the requests' bodies, one per request.
  ///   - exchange: how one reaches the URL, given its body and time limit (the world's transport).
  func run(
    _ bodies: [[UInt8]], exchange: @escaping @Sendable ([UInt8], Duration) async -> RealtimeExchange
  ) async {
    let clock = ContinuousClock()
    let start = clock.now
    let interval = Duration.milliseconds(config.totalDuration) / max(1, bodies.count)
    let timeout = Duration.milliseconds(config.responseTimeThreshold)
    await withTaskGroup(of: Void.self) { group in
      var inFlight = 0
      for (index, body) in bodies.enumerated() {
        if inFlight >= config.maxConcurrentRequests {
          await group.next()
          inFlight -= 1
        }
        try? await clock.sleep(until: start + interval * index)
        inFlight += 1
        group.addTask {
          self.record(await exchange(body, timeout), threshold: self.config.responseTimeThreshold)
        }
      }
    }
  }

  /// Records one request: a success answered within the threshold, else its failure.
  func record(_ exchange: RealtimeExchange, threshold: Int) {
    let result = exchange.milliseconds > threshold ? .timedOut : exchange.result
    lock.lock()
    defer { lock.unlock() }
    if case .answered = exchange { times.append(exchange.milliseconds) }
    if result == .success { successes += 1 } else { failures[result, default: 0] += 1 }
  }

  /// Average, p50, p90, p95 and p99 of response times (nearest rank), or `nil` for none.
  static func summary(of times: [Int]) -> [Int]? {
    guard !times.isEmpty else { return nil }
    let sorted = times.sorted()
    let rank = { (percent: Int) in sorted[max(0, (percent * sorted.count + 99) / 100 - 1)] }
    return [times.reduce(0, +) / times.count, rank(50), rank(90), rank(95), rank(99)]
  }
}
