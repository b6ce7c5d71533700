import Foundation
import JSON

/// How one realtime call to the app's `Get Retention Message` endpoint went: the HTTP status and
/// body it answered with, or why there was no answer; and how long it took in real time.
public enum RealtimeExchange: Hashable, Sendable {
  /// The server answered.
  case answered(status: Int, body: [UInt8], milliseconds: Int)
  /// No answer: refused, timed out, broken.
  case failed(SendAttemptResult, milliseconds: Int)

  /// How long the call took, in milliseconds.
  public var milliseconds: Int {
    switch self {
    case .answered(_, _, let milliseconds), .failed(_, let milliseconds): milliseconds
    }
  }

  /// Apple's `sendAttemptResult` for the call: `SUCCESS` for a 200 whose body is a JSON object,
  /// `UNSUCCESSFUL_HTTP_RESPONSE_CODE` for another status, `INVALID_RESPONSE` for a body that is
  /// not JSON, else what the transport said.
  public var result: SendAttemptResult {
    switch self {
    case .failed(let result, _): return result
    case .answered(let status, let body, _):
      guard status == 200 else { return .unsuccessfulHTTPResponseCode }
      guard case .object? = try? JSONParser.parse(body) else { return .invalidResponse }
      return .success
    }
  }
}
