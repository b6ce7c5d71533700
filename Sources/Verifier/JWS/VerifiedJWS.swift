/// A JWS whose chain and signature verified.
public struct VerifiedJWS: Hashable, Sendable {
  /// The token, split and decoded.
  public var token: JWSToken
  /// The validated chain from the `x5c` header.
  public var chain: VerifiedChain

  /// Creates a verified token.
  ///
  /// - Parameters:
  ///   - token: The token.
  ///   - chain: Its validated chain.
  public init(token: JWSToken, chain: VerifiedChain) {
    self.token = token
    self.chain = chain
  }

  /// Decodes the verified payload JSON.
  ///
  /// - Parameter type: The payload type, such as `JWSTransactionDecodedPayload`.
  /// - Throws: `malformedPayload` when the JSON does not decode as that type.
  /// - Returns: The payload.
  public func decodePayload<Payload: Decodable>(as type: Payload.Type) throws(VerificationFailure) -> Payload
  {
    try token.decodePayload(as: type)
  }
}
