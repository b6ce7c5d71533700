/// How a notification reaches the app's server: an HTTP POST of `{"signedPayload": …}` to a URL.
/// The server module provides the real one (AsyncHTTPClient); the simulation only records what
/// each attempt gave.
public protocol NotificationTransport: AnyObject, Sendable {
  /// Posts a body to a URL and waits (in real time, at most `timeout`) for the answer.
  ///
  /// Called on the world's owner between events, so it blocks until the attempt is over.
  ///
  /// - Returns: Apple's `sendAttemptResult` for the attempt.
  func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult
}
