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

/// Apple's `sendAttemptResult`: how one delivery attempt of a notification went.
public enum SendAttemptResult: String, Hashable, Sendable, CaseIterable {
  /// `SUCCESS`.
  case success = "SUCCESS"
  /// `TIMED_OUT`.
  case timedOut = "TIMED_OUT"
  /// `TLS_ISSUE`.
  case tlsIssue = "TLS_ISSUE"
  /// `CIRCULAR_REDIRECT`.
  case circularRedirect = "CIRCULAR_REDIRECT"
  /// `NO_RESPONSE`.
  case noResponse = "NO_RESPONSE"
  /// `SOCKET_ISSUE`.
  case socketIssue = "SOCKET_ISSUE"
  /// `UNSUPPORTED_CHARSET`.
  case unsupportedCharset = "UNSUPPORTED_CHARSET"
  /// `INVALID_RESPONSE`.
  case invalidResponse = "INVALID_RESPONSE"
  /// `PREMATURE_CLOSE`.
  case prematureClose = "PREMATURE_CLOSE"
  /// `UNSUCCESSFUL_HTTP_RESPONSE_CODE`.
  case unsuccessfulHTTPResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
  /// `OTHER`.
  case other = "OTHER"
}
