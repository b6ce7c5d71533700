/// An app account token the app's server set for an original transaction, applying from a
/// transaction on.
struct AppAccountTokenSnapshot: Codable, Hashable {
  var originalTransactionId: String
  var fromTransactionId: String
  var token: String
}
