import Crypto
import Foundation

/// The developer's In-App Purchase keys (public halves), the nonces offer signatures used, and the
/// clock signature times are checked against.
struct OfferKeysSnapshot: Codable, Hashable {
  /// One key.
  struct Key: Codable, Hashable {
    var keyId: String
    /// The public key, X9.63 (uncompressed point) in base64.
    var publicKey: String
  }

  /// One used nonce.
  struct Use: Codable, Hashable {
    var nonce: String
    var date: Double
  }

  var keys: [Key]
  var usedNonces: [Use]
  var clock: String

  init(_ ring: OfferKeyRing) {
    keys = ring.keys.map {
      Key(keyId: $0.keyId, publicKey: $0.publicKey.x963Representation.base64EncodedString())
    }
    usedNonces = ring.usedNonces.sorted { $0.key < $1.key }.map {
      Use(nonce: $0.key, date: $0.value.secondsSince1970)
    }
    clock = ring.clock.rawValue
  }

  func ring(at path: String) throws(WorldFileError) -> OfferKeyRing {
    var ring = OfferKeyRing()
    for (index, key) in keys.enumerated() {
      let publicKey = try SnapshotPath.publicKey(key.publicKey, at: "\(path).keys[\(index)].publicKey")
      do {
        try ring.register(keyId: key.keyId, publicKey: publicKey)
      } catch {
        throw WorldFileError(path: "\(path).keys[\(index)].keyId", reason: error.description)
      }
    }
    for use in usedNonces { ring.recordUse(of: use.nonce, at: SnapshotPath.date(use.date)) }
    ring.clock = try SnapshotPath.parse(clock, as: OfferKeyRing.Clock.self, at: path + ".clock")
    return ring
  }
}
