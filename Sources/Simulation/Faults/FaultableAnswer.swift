/// An answer the server's fault switches can replace or hold back (``World/withFaults(on:_:)``):
/// the App Store Server API's and verifyReceipt's, ``APIResponse``. The switches say what happens;
/// the answer's type says how it reads on the wire.
public protocol FaultableAnswer {
  /// What a `rate-limit` fault answers: Apple's 429 (error 4290000) with `Retry-After`.
  ///
  /// - Parameter retryAfter: The epoch milliseconds after which a client may ask again.
  static func rateLimited(retryAfter: Int64) -> Self

  /// What an `error` fault answers: Apple's 500, error 5000001 when `retryable`, else 5000000.
  static func internalError(retryable: Bool) -> Self

  /// How long (in real time) the edge holds the answer back (a `delay` fault).
  var delay: Duration? { get set }
}
