import Foundation
import JSON

/// Apple's `SendAttemptItem`: one attempt to deliver a notification, when (on the virtual clock)
/// and how it went.
public struct SendAttempt: Hashable, Sendable {
  /// When the attempt was made.
  public var attemptDate: Date
  /// How it went.
  public var result: SendAttemptResult

  /// Creates an attempt.
  public init(attemptDate: Date, result: SendAttemptResult) {
    self.attemptDate = attemptDate
    self.result = result
  }

  /// `{"attemptDate": ms, "sendAttemptResult": "…"}`.
  public var json: OrderedJSON {
    .object([
      .init("attemptDate", .integer(attemptDate.milliseconds)),
      .init("sendAttemptResult", .string(result.rawValue)),
    ])
  }
}

extension Date {
  /// Whole milliseconds since 1970, as Apple's JSON writes dates.
  var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
