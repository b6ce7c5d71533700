import Foundation
import SwiftASN1
import X509

/// Verifies an app receipt's CMS signature and certificate chain against trusted roots at a given
/// time, naming the check that fails.
///
/// The checks, in order: one signer whose certificate is in the container; no signed attributes
/// (Apple's receipts carry none, so the signature covers the payload bytes); a SHA-256 or SHA-1 RSA
/// (or ECDSA P-256) signature algorithm; the chain of `CertificateChainValidator`; the signature.
public struct ReceiptVerifier: Sendable {
  /// The chain validator holding the trusted roots.
  public var chainValidator: CertificateChainValidator

  /// Creates a verifier.
  ///
  /// - Parameter trustedRoots: The roots a receipt's chain may lead to (the workbench's local root).
  public init(trustedRoots: [Certificate]) {
    chainValidator = CertificateChainValidator(trustedRoots: trustedRoots)
  }

  /// Parses, verifies and decodes a receipt file.
  ///
  /// - Parameters:
  ///   - bytes: The receipt file's bytes, DER or BER.
  ///   - validationTime: The time to validate the chain at (the virtual clock, or the receipt's
  ///     creation date as Apple does).
  /// - Throws: `VerificationFailure` naming the failed check.
  /// - Returns: The verified receipt payload.
  public func verify(_ bytes: [UInt8], at validationTime: Date) throws(VerificationFailure) -> AppReceipt {
    try verifyWithChain(bytes, at: validationTime).receipt
  }

  /// Parses, verifies and decodes a receipt file, and tells the chain that signed it (whose
  /// validity says until when the same verification holds).
  ///
  /// - Parameters:
  ///   - bytes: The receipt file's bytes, DER or BER.
  ///   - validationTime: The time to validate the chain at.
  /// - Throws: `VerificationFailure` naming the failed check.
  /// - Returns: The verified receipt payload and its validated chain.
  public func verifyWithChain(
    _ bytes: [UInt8], at validationTime: Date
  ) throws(VerificationFailure) -> (receipt: AppReceipt, chain: VerifiedChain) {
    let receipt = try SignedReceipt(berEncoded: bytes)
    let chain = try verifySignature(of: receipt, at: validationTime)
    return (try ReceiptDecoder().decode(receipt), chain)
  }

  /// Verifies a parsed container's signature and chain.
  ///
  /// - Parameters:
  ///   - receipt: The parsed container.
  ///   - validationTime: The time to validate the chain at.
  /// - Throws: `VerificationFailure` naming the failed check.
  /// - Returns: The validated chain.
  public func verifySignature(
    of receipt: SignedReceipt, at validationTime: Date
  ) throws(VerificationFailure)
    -> VerifiedChain
  {
    guard !receipt.certificates.isEmpty else {
      throw VerificationFailure(.noCertificates, "SignedData carries no certificates")
    }
    guard receipt.signerInfos.count == 1, let signerInfo = receipt.signerInfos.first else {
      throw VerificationFailure(
        .signerNotFound, "expected exactly one SignerInfo, found \(receipt.signerInfos.count)")
    }
    guard let signer = receipt.certificates.first(where: signerInfo.identifies) else {
      throw VerificationFailure(
        .signerNotFound, "no certificate in SignedData matches the SignerInfo identifier")
    }
    guard !signerInfo.hasSignedAttributes else {
      throw VerificationFailure(
        .unsupportedAlgorithm, "SignerInfo has signed attributes; receipts sign the payload directly")
    }
    let algorithm = try signatureAlgorithm(of: signerInfo, listed: receipt.digestAlgorithms)
    let carried = receipt.certificates.filter { $0 != signer }
    let chain = try chainValidator.validate(leaf: signer, carried: carried, at: validationTime)
    guard
      signer.publicKey.isValidSignature(
        signerInfo.signature, for: receipt.payload, signatureAlgorithm: algorithm)
    else {
      throw VerificationFailure(
        .signatureMismatch,
        "the SignerInfo signature does not match the payload and the key of \(signer.subject)")
    }
    return chain
  }

  /// Combines the SignerInfo's digest and signature algorithms into one signature algorithm; Apple
  /// writes plain `rsaEncryption` beside a SHA-256 digest, Xcode `sha256WithRSAEncryption`.
  private func signatureAlgorithm(
    of signerInfo: ReceiptSignerInfo, listed: [ASN1ObjectIdentifier]
  )
    throws(VerificationFailure) -> Certificate.SignatureAlgorithm
  {
    let digest = signerInfo.digestAlgorithm
    guard listed.contains(digest) else {
      throw VerificationFailure(
        .unsupportedAlgorithm, "digest \(digest) is not listed in SignedData.digestAlgorithms")
    }
    switch (signerInfo.signatureAlgorithm, digest) {
    case (.rsaEncryption, .digestSHA256), (.sha256WithRSAEncryption, .digestSHA256):
      return .sha256WithRSAEncryption
    case (.rsaEncryption, .digestSHA1), (.sha1WithRSAEncryption, .digestSHA1):
      return .sha1WithRSAEncryption
    case (.ecdsaWithSHA256, .digestSHA256):
      return .ecdsaWithSHA256
    default:
      throw VerificationFailure(
        .unsupportedAlgorithm, "signature algorithm \(signerInfo.signatureAlgorithm) with digest \(digest)")
    }
  }
}
