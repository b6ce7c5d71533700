import Verifier

/// Reads an input as a receipt file (DER or BER): decoded without its signature, as
/// `ReceiptDecoder` does, then verified and decoded at storebench's clock start, as
/// `ReceiptVerifier` does. Each gives a receipt or throws a failure whose reason can be written;
/// nothing else may happen. A receipt that decodes must also survive a round trip: signed again by
/// `ReceiptEncoder`, it verifies and decodes to the same receipt, so that the verifier's success path
/// sees the fuzzer's payloads too.
public enum ReceiptFuzzTarget: FuzzTarget {
  /// `ReceiptFuzzer`.
  public static let name = "ReceiptFuzzer"

  /// Verifies against the fuzzers' root, as verifyReceipt does with storebench's.
  static let verifier = ReceiptVerifier(trustedRoots: [FuzzEnvironment.authority.root])
  /// Signs as storebench does, with the fuzzers' authority.
  static let encoder = ReceiptEncoder(authority: FuzzEnvironment.authority)

  /// Decodes the input as a receipt (and signs it again when it decodes), then verifies it.
  ///
  /// - Parameter input: The receipt file's bytes.
  public static func run(_ input: [UInt8]) {
    do {
      checkRoundTrip(of: try ReceiptDecoder().decode(input))
    } catch {
      _ = error.description
    }
    do {
      _ = try verifier.verify(input, at: FuzzEnvironment.validationTime)
    } catch {
      _ = error.description
    }
  }

  /// Signs a decoded receipt again and reads it back.
  private static func checkRoundTrip(of receipt: AppReceipt) {
    let signed: [UInt8]
    do {
      signed = try encoder.encode(receipt)
    } catch {
      preconditionFailure("a decoded receipt cannot be signed again: \(error)")
    }
    let again: AppReceipt
    do {
      again = try verifier.verify(signed, at: FuzzEnvironment.validationTime)
    } catch {
      preconditionFailure("a decoded receipt, signed again, does not verify: \(error)")
    }
    precondition(
      Unordered(again) == Unordered(receipt), "a decoded receipt, signed again, reads back as \(again)")
  }

  /// A receipt up to the order of what the encoder writes in DER's SET order: its in-app purchases
  /// and the untyped attributes of each level.
  private struct Unordered: Equatable {
    var receipt: AppReceipt
    var purchases: [InAppPurchaseReceipt: Int]
    var attributes: [ReceiptAttribute: Int]

    init(_ receipt: AppReceipt) {
      self.receipt = receipt
      self.receipt.inAppPurchases = []
      self.receipt.additionalAttributes = []
      purchases = Self.counts(
        receipt.inAppPurchases.map { purchase in
          var purchase = purchase
          purchase.additionalAttributes.sort { "\($0)" < "\($1)" }
          return purchase
        })
      attributes = Self.counts(receipt.additionalAttributes)
    }

    private static func counts<Element: Hashable>(_ elements: [Element]) -> [Element: Int] {
      Dictionary(elements.map { ($0, 1) }, uniquingKeysWith: +)
    }
  }
}
