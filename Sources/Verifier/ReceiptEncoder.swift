@_spi(CMS) import X509
import _CryptoExtras

/// Produces signed app receipts: the DER payload wrapped in CMS `SignedData`, as Apple's are.
///
/// The container embeds the content, signs it with RSA PKCS#1 v1.5 and SHA-256
/// (`sha256WithRSAEncryption`) without signed attributes, so the signature covers the payload
/// bytes, and carries leaf, intermediate and root certificates (formats.md §1.1).
public struct ReceiptEncoder: Sendable {
  /// The receipt-signing leaf certificate.
  public let certificate: Certificate
  /// The intermediate and root certificates written beside the leaf.
  public let chain: [Certificate]
  private let privateKey: Certificate.PrivateKey

  /// Creates an encoder from a signing certificate, its RSA key and its chain.
  ///
  /// - Parameters:
  ///   - certificate: The receipt-signing leaf certificate.
  ///   - privateKey: The leaf's RSA private key.
  ///   - intermediate: The certificate that issued the leaf.
  ///   - root: The root that issued the intermediate.
  public init(
    certificate: Certificate, privateKey: _RSA.Signing.PrivateKey, intermediate: Certificate,
    root: Certificate
  ) {
    self.certificate = certificate
    self.privateKey = Certificate.PrivateKey(privateKey)
    self.chain = [intermediate, root]
  }

  /// Creates an encoder that signs with the authority's receipt-signing leaf.
  ///
  /// - Parameter authority: The local certificate authority.
  public init(authority: CertificateAuthority) {
    self.init(
      certificate: authority.receiptSigningCertificate, privateKey: authority.receiptSigningKey,
      intermediate: authority.intermediate, root: authority.root)
  }

  /// Encodes and signs a receipt.
  ///
  /// - Parameter receipt: The receipt payload.
  /// - Throws: `SigningError` when a value cannot be encoded or signing fails.
  /// - Returns: The DER bytes of the receipt file.
  public func encode(_ receipt: AppReceipt) throws(SigningError) -> [UInt8] {
    try sign(payload: try receipt.payload())
  }

  /// Wraps payload bytes in a signed CMS container.
  ///
  /// - Parameter payload: The content to embed and sign.
  /// - Throws: `SigningError.signingFailed` when signing fails.
  /// - Returns: The DER bytes of the CMS `ContentInfo`.
  public func sign(payload: [UInt8]) throws(SigningError) -> [UInt8] {
    do {
      return try CMS.sign(
        payload, signatureAlgorithm: .sha256WithRSAEncryption, additionalIntermediateCertificates: chain,
        certificate: certificate, privateKey: privateKey, signingTime: nil, detached: false)
    } catch {
      throw SigningError(.signingFailed, "CMS signing with \(certificate.subject): \(error)")
    }
  }
}
