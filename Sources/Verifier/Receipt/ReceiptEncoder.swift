import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// Produces signed app receipts: the DER payload wrapped in CMS `SignedData`, as Apple's are.
///
/// The container (RFC 5652, see `SignedReceipt`) embeds the content, is signed with RSA PKCS#1 v1.5
/// and SHA-256 (`sha256WithRSAEncryption`) without signed attributes, so the signature covers the
/// payload bytes, and carries the leaf, intermediate and root certificates (Apple's Receipt Validation
/// Programming Guide, "Validating Receipts Locally": a PKCS #7 container). It is
/// written directly in DER, headers before contents, so a payload of several megabytes is copied
/// once; OpenSSL's `cms -verify` and swift-certificates' CMS verifier accept it.
public struct ReceiptEncoder: Sendable {
  /// The receipt-signing leaf certificate.
  public let certificate: Certificate
  private let privateKey: _RSA.Signing.PrivateKey
  /// The DER of leaf, intermediate and root.
  private let certificatesDER: [[UInt8]]

  /// Creates an encoder from a signing certificate, its RSA key and its chain.
  ///
  /// - Parameters:
  ///   - certificate: The receipt-signing leaf certificate.
  ///   - privateKey: The leaf's RSA private key.
  ///   - intermediate: The certificate that issued the leaf.
  ///   - root: The root that issued the intermediate.
  /// - Throws: `SigningError.encodingFailed` if a certificate cannot be DER-encoded.
  public init(
    certificate: Certificate, privateKey: _RSA.Signing.PrivateKey, intermediate: Certificate,
    root: Certificate
  ) throws(SigningError) {
    self.certificate = certificate
    self.privateKey = privateKey
    self.certificatesDER = try [certificate, intermediate, root].map(Self.der)
  }

  /// Creates an encoder that signs with the authority's receipt-signing leaf.
  ///
  /// - Parameter authority: The local certificate authority.
  public init(authority: CertificateAuthority) {
    certificate = authority.receiptSigningCertificate
    privateKey = authority.receiptSigningKey
    certificatesDER = [CertificateRole.receiptSigning, .intermediate, .root].map { authority.entry($0).der }
  }

  /// Encodes and signs a receipt.
  ///
  /// - Parameter receipt: The receipt payload.
  /// - Throws: `SigningError` when a date cannot be written or signing fails.
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
    let signature: [UInt8]
    let issuerAndSerialNumber: [UInt8]
    do {
      signature = Array(try privateKey.signature(for: payload, padding: .insecurePKCS1v1_5).rawRepresentation)
      var serializer = DER.Serializer()
      try serializer.appendConstructedNode(identifier: .sequence) { coder in
        try coder.serialize(certificate.issuer)
        try coder.serialize(certificate.serialNumber.bytes)
      }
      issuerAndSerialNumber = serializer.serializedBytes
    } catch {
      throw SigningError(.signingFailed, "RSA signing with \(certificate.subject): \(error)")
    }
    // RFC 5754: SHA-2 digest identifiers omit parameters; RFC 4055: RSA signature identifiers carry NULL.
    let digest = DERNode.constructed(tag: 0x30, children: [.encoded(CMSObjectIdentifier.sha256)])
    let signatureAlgorithm = DERNode.constructed(
      tag: 0x30,
      children: [.encoded(CMSObjectIdentifier.sha256WithRSAEncryption), .encoded(CMSObjectIdentifier.null)])
    let signerInfo = DERNode.constructed(
      tag: 0x30,
      children: [
        .integer(1),
        .encoded(issuerAndSerialNumber),
        digest,
        signatureAlgorithm,
        .primitive(tag: 0x04, content: signature),
      ])
    let signedData = DERNode.constructed(
      tag: 0x30,
      children: [
        .integer(1),
        .constructed(tag: 0x31, children: [digest]),
        .constructed(
          tag: 0x30,
          children: [
            .encoded(CMSObjectIdentifier.data),
            .constructed(tag: 0xa0, children: [.primitive(tag: 0x04, content: payload)]),
          ]),
        .constructed(tag: 0xa0, children: DERNode.sorted(certificatesDER)),
        .constructed(tag: 0x31, children: [signerInfo]),
      ])
    return DERNode.constructed(
      tag: 0x30,
      children: [.encoded(CMSObjectIdentifier.signedData), .constructed(tag: 0xa0, children: [signedData])]
    ).bytes
  }

  private static func der(_ certificate: Certificate) throws(SigningError) -> [UInt8] {
    do {
      var serializer = DER.Serializer()
      try serializer.serialize(certificate)
      return serializer.serializedBytes
    } catch {
      throw SigningError(.encodingFailed, "certificate \(certificate.subject): \(error)")
    }
  }
}
