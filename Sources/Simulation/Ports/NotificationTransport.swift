/// How the App Store reaches the app's server over HTTP: notifications (a POST of
/// `{"signedPayload": …}` whose answer is only its status) and the Retention Messaging API's
/// realtime calls (a POST whose answer's body matters). The server module provides the real one
/// (AsyncHTTPClient); the simulation only records what each call gave.
public protocol NotificationTransport: AnyObject, Sendable {
  /// Posts a body to a URL and waits (in real time, at most `timeout`) for the answer.
  ///
  /// Called on the world's owner between events, so it blocks until the attempt is over.
  ///
  /// - Returns: Apple's `sendAttemptResult` for the attempt.
  func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult

  /// Posts a JSON body to a URL and waits (in real time, at most `timeout`) for the answer and
  /// its body; blocks, as ``post(_:to:timeout:)`` does.
  func exchange(_ body: [UInt8], to url: String, timeout: Duration) -> RealtimeExchange

  /// The same exchange without blocking a thread, for many at once (a performance test).
  func exchangeConcurrently(_ body: [UInt8], to url: String, timeout: Duration) async -> RealtimeExchange
}

extension NotificationTransport {
  /// Without a way of its own, the blocking exchange.
  public func exchangeConcurrently(
    _ body: [UInt8], to url: String, timeout: Duration
  ) async -> RealtimeExchange {
    exchange(body, to: url, timeout: timeout)
  }
}
