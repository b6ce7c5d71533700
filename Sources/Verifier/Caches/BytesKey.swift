import Foundation

/// Bytes as a dictionary key that hashes only a sample of them (their count and up to 64 bytes at
/// each end) and compares all of them: for caches keyed by large texts (a 45 KB receipt, a 60 KB
/// request body), where hashing every byte costs more than the one comparison that confirms a hit.
/// Equal keys are equal bytes, exactly; two texts that differ only in the middle share a hash and
/// are told apart by the comparison.
public struct BytesKey: Hashable, Sendable {
  /// The bytes.
  public let bytes: [UInt8]

  /// Wraps bytes (the array is shared, not copied).
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether two keys hold the same bytes.
  public static func == (lhs: BytesKey, rhs: BytesKey) -> Bool {
    equal(lhs.bytes, rhs.bytes)
  }

  /// Hashes the count and the first and last 64 bytes (all of them when there are fewer).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(bytes.count)
    bytes.withUnsafeBytes { raw in
      let sample = min(raw.count, 64)
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(sample)))
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(sample)))
    }
  }

  /// Whether two byte arrays are equal, compared with `memcmp` rather than element by element.
  public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBytes { left in
      rhs.withUnsafeBytes { right in
        guard let left = left.baseAddress, let right = right.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }
}
