import Foundation
import X509

/// Receipts already verified, keyed by their bytes (``BytesKey``), so that a client posting the
/// same receipt again costs no signature check, chain validation or decoding.
///
/// An entry answers only for the same trusted root and while the validation time lies inside the
/// validity of the chain that signed it; otherwise the receipt is verified again, and a failure
/// names the check that failed as the first verification would. Failures are not kept. At most
/// `capacity` receipts are kept; the oldest is dropped first.
public final class VerifiedReceiptCache {
  private struct Entry {
    var root: Certificate
    var chain: VerifiedChain
    var receipt: AppReceipt
  }

  private var entries: BoundedCache<BytesKey, Entry>

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most receipts kept.
  public init(capacity: Int = 64) {
    entries = BoundedCache(capacity: capacity)
  }

  /// How many receipts are kept.
  public var count: Int { entries.count }

  /// Forgets every receipt: the next of each is verified in full.
  public func removeAll() {
    entries.removeAll()
  }

  /// Verifies and decodes a receipt, as `ReceiptVerifier(trustedRoots: [root]).verify(bytes, at:)`
  /// does, or answers from an earlier verification of the same bytes against the same root.
  ///
  /// - Parameters:
  ///   - bytes: The receipt file's bytes, DER or BER.
  ///   - root: The one trusted root.
  ///   - validationTime: The time to validate the chain at.
  /// - Throws: `VerificationFailure` naming the failed check.
  /// - Returns: The verified receipt payload.
  public func verify(
    _ bytes: [UInt8], trustedRoot root: Certificate, at validationTime: Date
  ) throws(VerificationFailure) -> AppReceipt {
    let key = BytesKey(bytes)
    if let entry = entries[key], entry.chain.isValid(at: validationTime), entry.root == root {
      return entry.receipt
    }
    let verified = try ReceiptVerifier(trustedRoots: [root]).verifyWithChain(bytes, at: validationTime)
    entries.insert(Entry(root: root, chain: verified.chain, receipt: verified.receipt), for: key)
    return verified.receipt
  }
}
