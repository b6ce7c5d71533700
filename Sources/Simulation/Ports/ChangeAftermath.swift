import Foundation

/// What a change of the world led to that cannot be worked out again when the world is rebuilt,
/// and so is written down after the change (``ChangeJournal``).
public enum ChangeAftermath: Hashable, Sendable {
  /// How a notification's delivery attempt went: the app's server cannot be asked again.
  case attempt(SendAttemptResult)
  /// What a realtime call to the app's `Get Retention Message` endpoint gave: the app's server
  /// cannot be asked again either.
  case realtime(RealtimeExchange)
  /// Ctrl-C stopped the clock at this instant: the change did that much of what it was asked.
  case clockStopped(at: Date)
}
