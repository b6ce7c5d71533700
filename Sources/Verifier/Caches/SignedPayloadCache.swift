/// Compact JWS already signed, keyed by the payload itself, so that asking again for the same
/// payload signed by the same signer costs no JSON encoding and no ECDSA signature.
///
/// The payload is the key, so any change to what a token says (the record, the `signedDate` of a
/// clock that moved, the environment, an app account token) makes a new token. A token made by
/// another signer (after `ca rotate`) is never given: a new signer empties the cache. A token
/// given again differs from a fresh one only in its signature bytes (ECDSA signatures are
/// randomised); it verifies the same. At most `capacity` tokens are kept; the oldest is dropped
/// first.
public final class SignedPayloadCache {
  private var tokens: BoundedCache<AnyHashable, String>
  /// The header of the signer whose tokens are kept: its certificate chain.
  private var signerHeader: String?

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most tokens kept.
  public init(capacity: Int = 256) {
    tokens = BoundedCache(capacity: capacity)
  }

  /// How many tokens are kept.
  public var count: Int { tokens.count }

  /// A payload signed by a signer: the token signed earlier for an equal payload by the same
  /// signer, else a new one.
  ///
  /// - Parameters:
  ///   - payload: The payload.
  ///   - signer: The signer.
  /// - Throws: `SigningError` when the payload cannot be encoded or signing fails.
  /// - Returns: The compact JWS.
  public func token<Payload: Encodable & Hashable>(
    for payload: Payload, signedBy signer: JWSSigner
  ) throws(SigningError) -> String {
    if signerHeader != signer.headerPrefix {
      tokens.removeAll()
      signerHeader = signer.headerPrefix
    }
    let key = AnyHashable(payload)
    if let token = tokens[key] { return token }
    let token = try signer.sign(payload)
    tokens.insert(token, for: key)
    return token
  }
}
