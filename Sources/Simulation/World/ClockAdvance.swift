import Foundation

/// How a move of the clock ended.
public enum ClockAdvance: Equatable, Sendable {
  /// The clock reached the instant asked for.
  case completed
  /// It was stopped (Ctrl-C) after the last event fully processed; the clock stands at that event.
  case interrupted(at: Date, eventsProcessed: Int)
}
