/// The four certificates of the local certificate authority.
public enum CertificateRole: String, Hashable, Sendable, Codable, CaseIterable {
  /// The self-signed root, which verifiers are given as their trust anchor.
  case root
  /// The intermediate, carrying Apple's marker 1.2.840.113635.100.6.2.1.
  case intermediate
  /// The RSA-2048 leaf that signs app receipts, carrying Apple's marker 1.2.840.113635.100.6.11.1.
  case receiptSigning = "receipt-signing"
  /// The P-256 leaf that signs JWS, carrying Apple's marker 1.2.840.113635.100.6.11.1.
  case jwsSigning = "jws-signing"

  /// The certificate's PEM file name.
  public var certificateFileName: String { "\(rawValue).pem" }

  /// The private key's PKCS#8 PEM file name.
  public var keyFileName: String { "\(rawValue)-key.pem" }
}
