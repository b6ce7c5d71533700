import Verifier

/// verifyReceipt answers already given while the world stood still: the same body posted to the
/// same host again gets the same bytes without the receipt being decoded and the answer (for a
/// long history, hundreds of kilobytes of JSON) being built again, as a backend re-checking one
/// receipt does.
///
/// An answer depends on the whole world (the account's records and subscriptions, the clock, the
/// shared secret, the environment, the authority), so the cache does not try to tell which change
/// matters: ``World/noteChange()`` empties it whenever a command or an App Store Server API request
/// that changes something runs. Answers are also keyed by the world's clock.
public final class VerifyReceiptAnswerCache {
  private struct Key: Hashable {
    var body: BytesKey
    var face: String
    var clock: Double
  }

  private var answers = BoundedCache<Key, APIResponse>(capacity: 32)

  /// How many answers are kept.
  public var count: Int { answers.count }

  /// Creates an empty cache.
  public init() {}

  /// The answer kept for a body posted to a host at an instant, else the one `answer` makes (kept
  /// for next time when it is Apple's answer, a status in its body, rather than a fault).
  func answer(
    toBody body: [UInt8], face: String, clock: Double, _ answer: () -> APIResponse
  ) -> APIResponse {
    let key = Key(body: BytesKey(body), face: face, clock: clock)
    if let kept = answers[key] { return kept }
    let made = answer()
    if made.status == 200, made.delay == nil { answers.insert(made, for: key) }
    return made
  }

  /// Drops every answer: the world may have changed.
  public func removeAll() {
    answers.removeAll()
  }
}
