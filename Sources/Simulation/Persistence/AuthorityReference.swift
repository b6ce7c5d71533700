/// The certificate authority a saved world signed with, by reference: its directory and the SHA-256
/// fingerprint of its root certificate. Keys never go into the file.
struct AuthorityReference: Codable, Hashable {
  var directory: String
  var rootFingerprint: String
}
