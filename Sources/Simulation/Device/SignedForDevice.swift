/// A payload StoreKit 2 hands the app on a device: as it was signed, its compact JWS, and what
/// StoreKit's check of the JWS found.
public struct SignedForDevice<Payload: Sendable>: Sendable {
  /// The payload as signed.
  public var payload: Payload
  /// The compact JWS.
  public var jws: String
  /// What StoreKit's check found.
  public var verification: VerificationResult

  /// Creates a signed payload.
  public init(payload: Payload, jws: String, verification: VerificationResult) {
    self.payload = payload
    self.jws = jws
    self.verification = verification
  }
}
