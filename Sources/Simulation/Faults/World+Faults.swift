extension World {
  /// Answers through the fault switches of an endpoint (``ServerFault``): `rate-limit` and `error`
  /// answer instead, `delay` holds the answer back. With no endpoint (an unknown path), only `all`
  /// faults apply. The App Store Server API and verifyReceipt both answer through here.
  ///
  /// - Parameters:
  ///   - name: The endpoint's short name (one of ``ServerFault/endpointNames``).
  ///   - answer: Makes the answer when no fault replaces it.
  /// - Returns: The answer.
  public func withFaults<Answer: FaultableAnswer>(on name: String?, _ answer: () -> Answer) -> Answer {
    var replaced: Answer?
    var delay: Duration?
    for fault in serverAPI.faults(for: name ?? ServerFault.allEndpoints) {
      switch fault {
      case .rateLimit(let window):
        guard replaced == nil else { continue }
        let now = Int64((store.clock.now.timeIntervalSince1970 * 1000).rounded(.down))
        replaced = .rateLimited(retryAfter: now + window)
      case .error(let retryable):
        if replaced == nil { replaced = .internalError(retryable: retryable) }
      case .delay(let milliseconds): delay = .milliseconds(milliseconds)
      case .notFoundYounger, .status: continue
      }
    }
    var final = replaced ?? answer()
    if let delay { final.delay = delay }
    return final
  }
}
