import JSON

/// The parameters of a performance test (Apple's `PerformanceTestConfig`). Apple publishes one
/// number, a response time of about 700 ms in the sandbox; the others are storebench's own
/// (``standard``), and `serve --performance-test-scale` shrinks the request count and duration.
public struct PerformanceTestConfig: Hashable, Sendable {
  /// At most this many requests are in flight at once.
  public var maxConcurrentRequests: Int
  /// How many requests the test sends.
  public var totalRequests: Int
  /// Over how long it sends them, in milliseconds.
  public var totalDuration: Int
  /// How long a request may take before it counts as `TIMED_OUT`, in milliseconds.
  public var responseTimeThreshold: Int
  /// The share of successful requests, in percent, the test needs to pass.
  public var successRateThreshold: Int

  /// storebench's full test: 300 requests over 30 seconds, at most 10 at once, 700 ms each, 95 %
  /// to pass.
  public static let standard = PerformanceTestConfig(
    maxConcurrentRequests: 10, totalRequests: 300, totalDuration: 30_000, responseTimeThreshold: 700,
    successRateThreshold: 95)

  /// The standard test scaled down (or up): its request count and duration times `factor`, at
  /// least one request over at least 100 ms; concurrency and thresholds unchanged.
  public static func scaled(by factor: Double) -> PerformanceTestConfig {
    var config = standard
    config.totalRequests = max(1, Int((Double(standard.totalRequests) * factor).rounded()))
    config.totalDuration = max(100, Int((Double(standard.totalDuration) * factor).rounded()))
    return config
  }

  /// The JSON object, keys in Apple's order.
  var json: OrderedJSON {
    .object([
      .init("maxConcurrentRequests", .integer(Int64(maxConcurrentRequests))),
      .init("totalRequests", .integer(Int64(totalRequests))),
      .init("totalDuration", .integer(Int64(totalDuration))),
      .init("responseTimeThreshold", .integer(Int64(responseTimeThreshold))),
      .init("successRateThreshold", .integer(Int64(successRateThreshold))),
    ])
  }
}
