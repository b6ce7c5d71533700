/// One attempt to deliver a notification: when, and how it went.
struct SendAttemptSnapshot: Codable, Hashable {
  var date: Double
  var result: String
}
