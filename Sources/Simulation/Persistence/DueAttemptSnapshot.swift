/// A notification delivery attempt due on the clock, in the order it was scheduled.
struct DueAttemptSnapshot: Codable, Hashable {
  var record: Int
  var delivery: Int
  var due: Double
}
