/// A URL the app's server receives one environment's notifications at.
struct NotificationURLSnapshot: Codable, Hashable {
  var url: String
  var environment: String
}
