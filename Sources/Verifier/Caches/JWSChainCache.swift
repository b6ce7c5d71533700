import Crypto
import Foundation

/// Chains already validated by a `JWSVerifier`, keyed by the exact header segment that carried them,
/// so a repeated header costs no JSON decoding, certificate parsing or chain validation.
///
/// An entry is used only while the validation time lies inside the chain's validity; otherwise the
/// verifier validates again and reports the expired certificate. At most `capacity` entries are
/// kept; the oldest is dropped first.
final class JWSChainCache: @unchecked Sendable {
  struct Entry {
    var header: JWSHeader
    var chain: VerifiedChain
    var key: P256.Signing.PublicKey
  }

  /// A header segment as a dictionary key, hashed as one block of bytes rather than byte by byte.
  struct HeaderKey: Hashable {
    var bytes: [UInt8]

    init(_ bytes: ArraySlice<UInt8>) {
      self.bytes = Array(bytes)
    }

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  private let lock = NSLock()
  private var entries: BoundedCache<HeaderKey, Entry>

  init(capacity: Int) {
    entries = BoundedCache(capacity: capacity)
  }

  /// The most entries kept.
  var capacity: Int { entries.capacity }

  /// The entry for a header segment whose chain is valid at `time`.
  func entry(for encodedHeader: ArraySlice<UInt8>, at time: Date) -> Entry? {
    lock.withLock {
      guard let entry = entries[HeaderKey(encodedHeader)], entry.chain.isValid(at: time) else { return nil }
      return entry
    }
  }

  /// Remembers a validated header.
  func insert(_ entry: Entry, for encodedHeader: ArraySlice<UInt8>) {
    lock.withLock { entries.insert(entry, for: HeaderKey(encodedHeader)) }
  }
}
