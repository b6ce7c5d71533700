import Foundation

extension VerificationResult.VerificationError {
  /// Every case.
  package static var allCases: [Self] {
    [
      .revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification, .invalidEncoding,
      .invalidSignature, .missingRequiredProperties,
    ]
  }

  /// The case of a name (`invalidSignature`), if it is one.
  package init?(named name: String) {
    guard let found = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
    self = found
  }

  /// The case of the same name as another `VerificationError` (of a result of another type, such
  /// as the `VerificationResult<Any>.VerificationError` StoreKitTest arms), if it is one.
  package init?(sameCaseAs other: any Error) {
    self.init(named: "\(other)")
  }
}
