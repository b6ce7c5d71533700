/// How a session writes what happens: lines for people, or one JSON object a line for machines.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// One event a line: `2026-01-01 00:00:00 app updatedTransactions: #1 EnergyBottle purchasing`.
  case text
  /// One JSON object a line, with the event's named fields.
  case json
}
