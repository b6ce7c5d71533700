/// What storebench reads from a file, each with the most bytes it reads of one: every limit on a file's
/// size, in one place. ``FileReader`` refuses a larger file by its size and stops reading standard
/// input at the limit, so input that never ends (`yes |`) costs no more than a file of that size.
public enum FileFormat: String, CaseIterable, Hashable, Sendable {
  /// A catalog, native JSON or Xcode's `.storekit`: 16 MiB.
  case catalog
  /// A saved world (`save`, `load`, `--state`): 1 GiB, for the longest histories.
  case savedWorld
  /// The journal beside a kept world: 1 GiB, as the world it replays onto.
  case journal
  /// A script: 64 MiB (a recording of a long session stays far below).
  case script
  /// An app receipt, DER or base64 (`verify --file`, `import receipt`): 64 MiB, a receipt of some
  /// 200,000 transactions.
  case receipt
  /// One compact JWS (`verify --jws`): 1 MiB; Apple's signed transactions are about 5 KB.
  case jws
  /// What the app's server kept of Apple's answers (`import jws`, `import verify-response`): JWS,
  /// notifications, App Store Server API and verifyReceipt answers: 64 MiB.
  case serverData
  /// A private key in PEM (`.p8`): 1 MiB.
  case key
  /// Certificates, DER or PEM (`--trust`, the certificate authority's files): 1 MiB.
  case certificate
  /// A file `tamper` flips a byte of: 64 MiB, the largest receipt.
  case tampered
  /// A file of the certificate authority's directory (certificates and keys in PEM): 1 MiB.
  case authority

  /// The most bytes read of such a file.
  public var limit: Int {
    switch self {
    case .catalog: 16 << 20
    case .savedWorld, .journal: 1 << 30
    case .script, .receipt, .serverData, .tampered: 64 << 20
    case .jws, .key, .certificate, .authority: 1 << 20
    }
  }

  /// What such a file is, in words: `a catalog`, `a saved world`.
  public var noun: String {
    switch self {
    case .catalog: "a catalog"
    case .savedWorld: "a saved world"
    case .journal: "a journal"
    case .script: "a script"
    case .receipt: "a receipt"
    case .jws: "a JWS"
    case .serverData: "server data"
    case .key: "a key"
    case .certificate: "certificates"
    case .tampered: "a file to tamper with"
    case .authority: "a certificate authority's file"
    }
  }

  /// `larger than 16 MiB (16777216 bytes), the limit for a catalog`.
  public var tooLargeReason: String {
    "larger than \(Self.size(limit)) (\(limit) bytes), the limit for \(noun)"
  }

  /// A size in the largest binary unit that divides it: `16 MiB`, `1 GiB`, `512 bytes`.
  static func size(_ bytes: Int) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes % (1 << shift) == 0 {
      return "\(bytes >> shift) \(unit)"
    }
    return "\(bytes) bytes"
  }
}
