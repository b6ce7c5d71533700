/// Reads app receipts, DER or BER, into `AppReceipt` without checking the signature.
///
/// Pair it with `ReceiptVerifier` to check the signature and chain; `ReceiptVerifier.verify(_:at:)`
/// does both.
public struct ReceiptDecoder: Sendable {
  /// Creates a decoder.
  public init() {}

  /// Decodes a receipt file.
  ///
  /// - Parameter bytes: The receipt file's bytes, DER or BER.
  /// - Throws: `VerificationFailure` naming the container or payload check that failed.
  /// - Returns: The receipt's payload, unverified.
  public func decode(_ bytes: [UInt8]) throws(VerificationFailure) -> AppReceipt {
    try decode(try SignedReceipt(berEncoded: bytes))
  }

  /// Decodes the payload of a parsed container.
  ///
  /// - Parameter receipt: The parsed container.
  /// - Throws: `VerificationFailure` with check `malformedPayload`, naming the attribute that failed.
  /// - Returns: The receipt's payload, unverified.
  public func decode(_ receipt: SignedReceipt) throws(VerificationFailure) -> AppReceipt {
    try AppReceipt(payload: receipt.payload[...])
  }
}
