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
