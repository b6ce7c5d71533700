import SwiftASN1
import X509

/// One signer of a receipt container, in the only form receipts use: version 1, identified by
/// issuer and serial number.
///
/// ```
/// SignerInfo ::= SEQUENCE {
///     version             INTEGER,                    -- 1
///     sid                 IssuerAndSerialNumber,
///     digestAlgorithm     AlgorithmIdentifier,
///     signedAttrs         [0] IMPLICIT SET OF Attribute OPTIONAL,
///     signatureAlgorithm  AlgorithmIdentifier,
///     signature           OCTET STRING,
///     unsignedAttrs       [1] IMPLICIT SET OF Attribute OPTIONAL }
///
/// IssuerAndSerialNumber ::= SEQUENCE { issuer Name, serialNumber INTEGER }
/// ```
struct ReceiptSignerInfo: Hashable, Sendable {
  var issuer: DistinguishedName
  var serialNumber: Certificate.SerialNumber
  var digestAlgorithm: ASN1ObjectIdentifier
  var hasSignedAttributes: Bool
  var signatureAlgorithm: ASN1ObjectIdentifier
  var signature: [UInt8]

  init(berEncoded node: ASN1Node) throws(VerificationFailure) {
    var nodes = try node.children(.sequence, "SignerInfo").makeIterator()
    try nodes.expectVersion(1, "SignerInfo.version")
    var sid = try nodes.required("SignerInfo.sid").children(.sequence, "IssuerAndSerialNumber").makeIterator()
    let issuerNode = try sid.required("IssuerAndSerialNumber.issuer")
    do {
      issuer = try DistinguishedName(derEncoded: issuerNode)
    } catch {
      throw VerificationFailure(.malformedContainer, "IssuerAndSerialNumber.issuer: \(error)")
    }
    serialNumber = Certificate.SerialNumber(
      bytes: try sid.decode(ArraySlice<UInt8>.self, "IssuerAndSerialNumber.serialNumber"))
    try sid.end("IssuerAndSerialNumber")
    digestAlgorithm = try nodes.required("SignerInfo.digestAlgorithm")
      .algorithmIdentifier("SignerInfo.digestAlgorithm")
    hasSignedAttributes = nodes.next(ifContextTag: 0) != nil
    signatureAlgorithm = try nodes.required("SignerInfo.signatureAlgorithm")
      .algorithmIdentifier("SignerInfo.signatureAlgorithm")
    signature = Array(try nodes.decode(ASN1OctetString.self, "SignerInfo.signature").bytes)
    if nodes.next(ifContextTag: 1) != nil {
      throw VerificationFailure(
        .malformedContainer,
        "SignerInfo.unsignedAttrs: attributes outside the signature; Apple's receipts carry none")
    }
    try nodes.end("SignerInfo")
  }

  /// Whether the certificate is the one this signer names.
  func identifies(_ certificate: Certificate) -> Bool {
    certificate.issuer == issuer && certificate.serialNumber == serialNumber
  }
}
