import Crypto

/// The App Store Connect API keys the local App Store accepts: each a key id (`kid`), the issuer
/// id (`iss`) of the team it belongs to, and the public half of its P-256 key, which checks the
/// signature of a client's bearer token.
public struct APIKeyRegistry: Sendable {
  /// One registered key.
  public struct Key: Sendable {
    /// The key id, such as `2X9R4HXF34`: the token header's `kid`.
    public var keyId: String
    /// The issuer id (a UUID): the token's `iss` claim.
    public var issuerId: String
    /// The public key that checks the token's ES256 signature.
    public var publicKey: P256.Signing.PublicKey
  }

  /// The issuer id keys get when none is given (the one Apple's documentation shows).
  public static let defaultIssuerId = "57246542-96fe-1a63-e053-0824d011072a"

  /// The keys, in the order they were registered.
  public private(set) var keys: [Key] = []
  private var index: [String: Int] = [:]

  /// Creates an empty registry.
  public init() {}

  /// The key with this id, if registered.
  public func key(id: String) -> Key? {
    index[id].map { keys[$0] }
  }

  /// The id the next key gets when none is given: ten characters `A–Z 0–9`, `SB` and a counter in
  /// base 36 (`SB00000001`), so that transcripts repeat.
  public var nextKeyId: String {
    var number = keys.count + 1
    while true {
      let digits = String(number, radix: 36, uppercase: true)
      let id = "SB" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
      if index[id] == nil { return id }
      number += 1
    }
  }

  /// Registers a key.
  ///
  /// - Throws: ``SimulationError`` when the id is taken or is not 1–64 letters and digits.
  public mutating func register(
    keyId: String, issuerId: String, publicKey: P256.Signing.PublicKey
  ) throws(SimulationError) {
    guard !keyId.isEmpty, keyId.count <= 64, keyId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else {
      throw SimulationError(
        .invalidValue, "\"\(keyId)\" is not a key id (1 to 64 letters and digits, such as 2X9R4HXF34)")
    }
    guard index[keyId] == nil else {
      throw SimulationError(.conflict, "an API key with id \(keyId) exists already")
    }
    index[keyId] = keys.count
    keys.append(Key(keyId: keyId, issuerId: issuerId, publicKey: publicKey))
  }
}
