import Simulation

extension VerificationResult.VerificationError {
  /// The case of the world's verification error.
  init(_ error: Simulation.VerificationError) {
    self = Self(rawValue: error.rawValue) ?? .invalidSignature
  }
}
