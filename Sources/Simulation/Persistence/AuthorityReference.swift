/// The certificate authority a saved world signed with, by reference: its directory and the SHA-256
/// fingerprint of its root certificate. Keys never go into the file.
public struct AuthorityReference: Codable, Hashable, Sendable {
  /// The authority's directory.
  public var directory: String
  /// The SHA-256 fingerprint of its root certificate, colon-separated upper-case hex.
  public var rootFingerprint: String
}
