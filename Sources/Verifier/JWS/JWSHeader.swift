/// The protected header of an App Store JWS.
///
/// Apple writes exactly `{"alg":"ES256","x5c":[leaf, intermediate, root]}`, each certificate as
/// standard base64 DER; Xcode adds `kid` and `typ`.
public struct JWSHeader: Hashable, Sendable, Codable {
  /// The signature algorithm; App Store JWS use `ES256`.
  public var alg: String?
  /// The certificate chain, leaf first, as standard base64 DER.
  public var x5c: [String]?
  /// A key identifier (Xcode writes `Apple_Xcode_Key`).
  public var kid: String?
  /// The token type (Xcode writes `JWT`).
  public var typ: String?
  /// Extensions the signer marks critical (RFC 7515 §4.1.11); App Store JWS have none, and a
  /// verifier must reject a token naming any it does not understand.
  public var crit: [String]?

  /// Creates a header.
  ///
  /// - Parameters:
  ///   - alg: The signature algorithm.
  ///   - x5c: The certificate chain, leaf first, as standard base64 DER.
  ///   - kid: A key identifier.
  ///   - typ: The token type.
  public init(alg: String? = nil, x5c: [String]? = nil, kid: String? = nil, typ: String? = nil) {
    self.alg = alg
    self.x5c = x5c
    self.kid = kid
    self.typ = typ
  }
}
