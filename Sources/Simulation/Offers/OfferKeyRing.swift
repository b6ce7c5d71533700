import Crypto
import Foundation

/// The developer's In-App Purchase keys the App Store checks offer signatures with (the public
/// halves: the private keys stay in the developer's `.p8` files), the nonces already used, and
/// which clock signature times are checked against.
public struct OfferKeyRing: Sendable {
  /// One key.
  public struct Key: Sendable {
    /// The key id, as App Store Connect shows it and signatures name it.
    public var keyId: String
    /// The public key that checks signatures.
    public var publicKey: P256.Signing.PublicKey
  }

  /// The clock signature times (a legacy timestamp, a JWS `iat`) are checked against.
  public enum Clock: String, CaseIterable, Sendable {
    /// The machine's clock, as the App Store's: the developer's server signs with its real clock.
    case real
    /// The world's virtual clock, so a script can show a stale signature deterministically.
    case world
  }

  /// How long a signature is good for after its time (Apple: "the timestamp keeps the offer
  /// active for 24 hours"; storebench gives a JWS the same, Apple documents none).
  public static let lifetime: TimeInterval = 24 * 3600
  /// How far ahead of the clock a signature time may be (the developer's clock may run fast).
  public static let allowedSkew: TimeInterval = 5 * 60

  /// The registered keys, in the order they were added.
  public private(set) var keys: [Key] = []
  /// The nonces signatures used, lower case, with when.
  public private(set) var usedNonces: [String: Date] = [:]
  /// Which clock checks signature times; real time unless a script says otherwise.
  public var clock = Clock.real

  /// An empty ring.
  public init() {}

  /// The key with this id, if registered.
  public func key(id: String) -> Key? { keys.first { $0.keyId == id } }

  /// Registers a key.
  ///
  /// - Throws: ``SimulationError`` when the id is empty or taken.
  public mutating func register(keyId: String, publicKey: P256.Signing.PublicKey) throws(SimulationError) {
    guard !keyId.isEmpty, !keyId.contains(where: \.isWhitespace) else {
      throw SimulationError(
        .invalidValue, "\"\(keyId)\" is not a key id (letters and digits, such as 2X9R4HXF34)")
    }
    guard key(id: keyId) == nil else {
      throw SimulationError(
        .conflict, "an offer key \(keyId) is registered already (offer-key remove \(keyId) first)")
    }
    keys.append(Key(keyId: keyId, publicKey: publicKey))
  }

  /// Removes a key.
  ///
  /// - Throws: ``SimulationError`` when no key has the id.
  public mutating func remove(keyId: String) throws(SimulationError) {
    guard let index = keys.firstIndex(where: { $0.keyId == keyId }) else {
      throw SimulationError(.notFound, "no offer key \(keyId) (offer-key list shows them)")
    }
    keys.remove(at: index)
  }

  /// When a nonce was used, if it was.
  public func use(of nonce: String) -> Date? { usedNonces[nonce.lowercased()] }

  /// Records a nonce as used.
  public mutating func recordUse(of nonce: String, at date: Date) {
    usedNonces[nonce.lowercased()] = date
  }

  /// Restores a saved ring.
  public init(keys: [Key], usedNonces: [String: Date], clock: Clock) {
    self.keys = keys
    self.usedNonces = usedNonces
    self.clock = clock
  }
}
