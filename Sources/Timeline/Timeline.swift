import Foundation

/// A picture of customers' purchases over virtual time: one row per subscription (and one for an
/// account's one-time purchases), each with the periods as bars and what happened as markers.
/// ``TimelineBuilder`` makes it from a world; ``TextTimeline`` and ``SVGTimeline`` draw it.
public struct Timeline: Hashable, Sendable {
  /// What the picture shows: customers and catalog, such as `default · Sample (com.example.app)`.
  public var title: String
  /// The first instant drawn.
  public var start: Date
  /// The last instant drawn.
  public var end: Date
  /// The world's clock when the picture was made.
  public var now: Date
  /// The rows, account by account.
  public var rows: [TimelineRow]

  /// Creates a timeline.
  public init(title: String, start: Date, end: Date, now: Date, rows: [TimelineRow]) {
    self.title = title
    self.start = start
    self.end = end
    self.now = now
    self.rows = rows
  }

  /// The length of time drawn, at least one second.
  public var span: TimeInterval { max(end.timeIntervalSince(start), 1) }

  /// Where an instant falls, from 0 (``start``) to 1 (``end``), clamped.
  public func position(of date: Date) -> Double {
    min(max(date.timeIntervalSince(start) / span, 0), 1)
  }
}
