import JSON

/// Where a performance test stands: `PENDING` while requests are out, then `PASS` or `FAIL`, with
/// Apple's figures (success rate, response-time percentiles, failures by kind).
public struct PerformanceTestResult: Hashable, Sendable {
  /// Apple's `PerformanceTestStatus`.
  public enum Status: String, Hashable, Sendable {
    /// Still running.
    case pending = "PENDING"
    /// The success rate reached the threshold.
    case pass = "PASS"
    /// It did not.
    case fail = "FAIL"
  }

  /// The status.
  public var status: Status
  /// Successful requests, in percent of the requests sent so far (rounded down).
  public var successRate: Int
  /// Requests not yet answered or not yet sent.
  public var numPending: Int
  /// Response times in milliseconds of the requests answered so far: average, p50, p90, p95,
  /// p99 (nearest rank); `nil` before any.
  public var responseTimes: [Int]?
  /// Failed requests by Apple's `sendAttemptResult`.
  public var failures: [SendAttemptResult: Int]

  /// The figures as Apple's `PerformanceTestResultResponse` members after `config` and `target`.
  var members: [OrderedJSON.Member] {
    var members: [OrderedJSON.Member] = [
      .init("result", .string(status.rawValue)), .init("successRate", .integer(Int64(successRate))),
      .init("numPending", .integer(Int64(numPending))),
    ]
    if let times = responseTimes {
      let names = ["average", "p50", "p90", "p95", "p99"]
      members.append(
        .init("responseTimes", .object(zip(names, times).map { .init($0, .integer(Int64($1))) })))
    }
    members.append(
      .init(
        "failures",
        .object(
          SendAttemptResult.allCases.compactMap { kind in
            failures[kind].map { .init(kind.rawValue, .integer(Int64($0))) }
          })))
    return members
  }
}
