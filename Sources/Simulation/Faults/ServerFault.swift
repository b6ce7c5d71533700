import Store

/// A fault switch of the local App Store's server (`server fault ENDPOINT KIND [ARG]`): makes one
/// endpoint, or all of them, answer as Apple's servers do when they are overloaded, failing, slow
/// or still processing, so that a client's resilience can be tested. Faults last until cleared.
public struct ServerFault: Hashable, Sendable, CustomStringConvertible {
  /// What the fault does.
  public enum Kind: Hashable, Sendable {
    /// 429 with error 4290000 and `Retry-After`: the epoch milliseconds of the world's now plus
    /// the window.
    case rateLimit(windowMilliseconds: Int64)
    /// 500 with error 5000000, or 5000001 when retryable.
    case error(retryable: Bool)
    /// 4040010 for transactions bought less than this long ago on the world's clock (the
    /// sandbox's processing delay).
    case notFoundYounger(TimeSpan)
    /// The edge waits this many (real) milliseconds before answering.
    case delay(milliseconds: Int)
    /// verifyReceipt answers HTTP 200 with this status (21005 or 21100–21199).
    case status(Int)

    /// The kind's word in commands: `rate-limit`, `error`, `not-found-younger`, `delay`, `status`.
    public var word: String {
      switch self {
      case .rateLimit: "rate-limit"
      case .error: "error"
      case .notFoundYounger: "not-found-younger"
      case .delay: "delay"
      case .status: "status"
      }
    }
  }

  /// The endpoint's short name (one of ``endpointNames``), or `all`.
  public var endpoint: String
  /// What it does.
  public var kind: Kind

  /// The name that stands for every endpoint.
  public static let allEndpoints = "all"
  /// verifyReceipt's name.
  public static let verifyReceipt = "verify-receipt"

  /// Creates a fault.
  public init(endpoint: String, kind: Kind) {
    self.endpoint = endpoint
    self.kind = kind
  }

  /// Whether it applies to the endpoint of this name.
  public func applies(to name: String) -> Bool {
    endpoint == Self.allEndpoints || endpoint == name
  }

  /// How `server faults` shows it: `history rate-limit 1000ms`.
  public var description: String {
    switch kind {
    case .rateLimit(let window): "\(endpoint) rate-limit \(window)ms"
    case .error(let retryable): "\(endpoint) error\(retryable ? " --retryable" : "")"
    case .notFoundYounger(let age): "\(endpoint) not-found-younger \(age)"
    case .delay(let milliseconds): "\(endpoint) delay \(milliseconds)ms"
    case .status(let status): "\(endpoint) status \(status)"
    }
  }
}
