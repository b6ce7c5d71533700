import Crypto
import Foundation

/// An App Store Connect API key the world accepts tokens from: its id, issuer and public key (the
/// private key stays in the `.p8` file `api-key create` wrote).
struct APIKeySnapshot: Codable, Hashable {
  var keyId: String
  var issuerId: String
  /// The public key, X9.63 (uncompressed point) in base64.
  var publicKey: String

  init(_ key: APIKeyRegistry.Key) {
    keyId = key.keyId
    issuerId = key.issuerId
    publicKey = key.publicKey.x963Representation.base64EncodedString()
  }

  /// Registers the key in a registry.
  ///
  /// - Throws: ``WorldFileError`` at `path` for a public key that is not a P-256 point, or an id
  ///   the registry refuses.
  func register(in registry: inout APIKeyRegistry, at path: String) throws(WorldFileError) {
    let key = try SnapshotPath.publicKey(publicKey, at: "\(path).publicKey")
    do {
      try registry.register(keyId: keyId, issuerId: issuerId, publicKey: key)
    } catch {
      throw WorldFileError(path: "\(path).keyId", reason: error.description)
    }
  }
}
