import Foundation
import Verifier

/// The opaque `revision` of paged answers: where the next page starts, and a digest of the query
/// it belongs to, base64url. A token sent with other filters, or one not made here, is refused
/// (4000005).
struct RevisionToken: Hashable, Sendable {
  /// The position the next page starts at (what it counts depends on the endpoint).
  var position: Int
  /// A digest of the query's filters.
  var digest: UInt64

  /// The token's text.
  var text: String {
    Data("\(position).\(String(digest, radix: 16))".utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// Reads a token sent back, if it was made for a query with this digest.
  init?(text: String, digest: UInt64) {
    guard let bytes = Base64.decode(text, .url) else { return nil }
    let parts = String(decoding: bytes, as: UTF8.self).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let position = Int(parts[0]), position >= 0,
      UInt64(parts[1], radix: 16) == digest
    else { return nil }
    self.position = position
    self.digest = digest
  }

  /// Creates a token.
  init(position: Int, digest: UInt64) {
    self.position = position
    self.digest = digest
  }

  /// FNV-1a of a text: the digest of a query's canonical form.
  static func digest(of text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
