import SwiftASN1
import X509

/// A receipt's CMS container, parsed but not yet verified.
///
/// RFC 5652, as Apple and Xcode write it (Receipt Validation Programming Guide, "Validating
/// Receipts Locally"):
///
/// ```
/// ContentInfo ::= SEQUENCE {
///     contentType  OBJECT IDENTIFIER,            -- id-signedData
///     content      [0] EXPLICIT SignedData }
///
/// SignedData ::= SEQUENCE {
///     version           INTEGER,
///     digestAlgorithms  SET OF AlgorithmIdentifier,
///     encapContentInfo  EncapsulatedContentInfo,
///     certificates      [0] IMPLICIT SET OF Certificate OPTIONAL,
///     crls              [1] IMPLICIT RevocationInfoChoices OPTIONAL,
///     signerInfos       SET OF SignerInfo }
///
/// EncapsulatedContentInfo ::= SEQUENCE {
///     eContentType  OBJECT IDENTIFIER,           -- id-data
///     eContent      [0] EXPLICIT OCTET STRING OPTIONAL }  -- the receipt payload
/// ```
///
/// BER is accepted: indefinite lengths, and an eContent written as a constructed OCTET STRING of
/// chunks (Xcode's form); the chunks are joined into `payload`.
public struct SignedReceipt: Hashable, Sendable {
  /// The signed content: the receipt payload bytes the signature covers.
  public var payload: [UInt8]
  /// The certificates the container carries, in wire order.
  public var certificates: [Certificate]
  /// The digest algorithms listed in `SignedData`.
  var digestAlgorithms: [ASN1ObjectIdentifier]
  /// The signers; a valid receipt has exactly one.
  var signerInfos: [ReceiptSignerInfo]

  /// Parses a receipt container.
  ///
  /// - Parameter bytes: The receipt file's bytes, DER or BER.
  /// - Throws: `VerificationFailure` with check `malformedContainer`, `notSignedData`,
  ///   `missingContent` or `malformedCertificate`.
  public init(berEncoded bytes: [UInt8]) throws(VerificationFailure) {
    let root: ASN1Node
    do {
      root = try BER.parse(bytes)
    } catch {
      throw VerificationFailure(.malformedContainer, "not a BER ContentInfo: \(error)")
    }
    var contentInfo = try root.children(.sequence, "ContentInfo").makeIterator()
    let contentType = try contentInfo.decode(ASN1ObjectIdentifier.self, "ContentInfo.contentType")
    guard contentType == .pkcs7SignedData else {
      throw VerificationFailure(
        .notSignedData, "ContentInfo.contentType is \(contentType), not id-signedData")
    }
    let explicitContent = try contentInfo.required("ContentInfo.content")
    try contentInfo.end("ContentInfo")
    var wrapper = try explicitContent.children(
      ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific), "ContentInfo.content [0]"
    ).makeIterator()
    let signedData = try wrapper.required("SignedData")
    try wrapper.end("ContentInfo.content [0]")
    try self.init(signedData: signedData)
  }

  private init(signedData node: ASN1Node) throws(VerificationFailure) {
    var nodes = try node.children(.sequence, "SignedData").makeIterator()
    try nodes.expectVersion(1, "SignedData.version")
    digestAlgorithms = try nodes.required("SignedData.digestAlgorithms")
      .children(.set, "SignedData.digestAlgorithms")
      .map { child throws(VerificationFailure) in try child.algorithmIdentifier("SignedData.digestAlgorithms")
      }
    payload = try Self.content(of: nodes.required("SignedData.encapContentInfo"))
    certificates = try nodes.next(ifContextTag: 0).map(Self.certificates) ?? []
    _ = nodes.next(ifContextTag: 1)
    signerInfos = try nodes.required("SignedData.signerInfos").children(.set, "SignedData.signerInfos")
      .map { child throws(VerificationFailure) in try ReceiptSignerInfo(berEncoded: child) }
    try nodes.end("SignedData")
  }

  private static func content(of node: ASN1Node) throws(VerificationFailure) -> [UInt8] {
    var nodes = try node.children(.sequence, "EncapsulatedContentInfo").makeIterator()
    let contentType = try nodes.decode(ASN1ObjectIdentifier.self, "EncapsulatedContentInfo.eContentType")
    guard contentType == .pkcs7Data else {
      throw VerificationFailure(.missingContent, "eContentType is \(contentType), not id-data")
    }
    guard let explicitContent = nodes.next(ifContextTag: 0) else {
      throw VerificationFailure(.missingContent, "SignedData embeds no content (a detached signature)")
    }
    try nodes.end("EncapsulatedContentInfo")
    var wrapper = try explicitContent.children(
      ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific), "eContent [0]"
    ).makeIterator()
    let octets = try wrapper.decode(ASN1OctetString.self, "eContent OCTET STRING")
    try wrapper.end("eContent [0]")
    return Array(octets.bytes)
  }

  private static func certificates(_ node: ASN1Node) throws(VerificationFailure) -> [Certificate] {
    guard case .constructed(let children) = node.content else {
      throw VerificationFailure(.malformedContainer, "SignedData.certificates [0] is not constructed")
    }
    return try children.enumerated().map { (position, child) throws(VerificationFailure) in
      try Certificate.strictlyParsing(
        Array(child.encodedBytes), place: "certificate \(position) of SignedData")
    }
  }

}
