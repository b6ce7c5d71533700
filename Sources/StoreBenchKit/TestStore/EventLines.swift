import Store

/// The world's event log, kept as lines (the latest ``limit``), for ``TestStore/events``.
final class EventLines {
  /// How many lines are kept at most.
  static let limit = 10_000
  private(set) var lines: [String] = []

  /// Keeps an event's line, forgetting the oldest lines beyond the limit.
  func append(_ event: Event) {
    lines.append("\(Timestamp.iso8601(event.time)) \(event.actor) \(event.action): \(event.detail)")
    if lines.count > 2 * Self.limit { lines.removeFirst(lines.count - Self.limit) }
  }
}
