import Foundation
import Store

/// A command the user stopped (Ctrl-C) before it was done; the world stands consistent where it
/// stopped, and the description says where.
public struct CommandInterrupted: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the world stands, such as `the clock stopped at 2026-01-01T00:30:00Z after 900 events`.
  public var description: String
  /// A command line that does what the stopped command did before it stopped, for a recording
  /// (`clock set 2026-01-01T00:30:00.000Z`), or `nil` when it changed nothing worth replaying.
  public var replay: String?
  /// What ``replay`` prints after the events it runs (which the stopped command printed too), for
  /// a golden transcript of the recording.
  public var replayPrints: [String] = []

  /// Creates an interruption.
  public init(_ description: String, replay: String? = nil, replayPrints: [String] = []) {
    self.description = description
    self.replay = replay
    self.replayPrints = replayPrints
  }

  /// A move of the clock stopped at `instant` after `events` events: replayed by `clock set` to that
  /// instant, which runs the same events.
  ///
  /// - Parameter asked: the command as it was typed, such as `advance-clock 1y`.
  static func clockStopped(at instant: Date, events: Int, asked: String) -> CommandInterrupted {
    CommandInterrupted(
      "the clock stopped at \(Timestamp.iso8601(instant)) after \(Wording.plural(events, "event")) (\(asked) was asked)",
      replay: replayLine(clockStoppedAt: instant),
      replayPrints: [Timestamp.iso8601Milliseconds(instant)])
  }

  /// The line that does what a move of the clock stopped at `instant` did: `clock set` to that
  /// instant, to the millisecond (for a recording and a kept world's journal).
  static func replayLine(clockStoppedAt instant: Date) -> String {
    "clock set \(Timestamp.iso8601Milliseconds(instant))"
  }
}
