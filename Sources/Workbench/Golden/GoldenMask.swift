/// A kind of value that changes from run to run (a signature, a token, a nonce, a real time), which
/// a golden transcript's line masks by writing `{{KIND}}` in its place (``GoldenLine``).
///
/// A mask takes the whole run of its kind's characters where it stands, never part of one, and
/// matches only when that run has the kind's shape: `{{digits}}` takes every digit in a row, so
/// `--timestamp {{digits}} ` matches `--timestamp 1767913200000 ` and not `--timestamp 17679132O0000 `;
/// what follows must then match the rest of the line. So a mask hides one value of its kind and
/// nothing around it.
enum GoldenMask: String, CaseIterable, Sendable {
  /// A compact JWS or JWT: three base64url parts joined by dots, the header's starting `eyJ` (a
  /// JSON object); a dot right after it ends a sentence, and is not taken.
  case jws
  /// Standard base64 with its padding, a multiple of four characters: a DER signature.
  case base64
  /// A UUID, `8-4-4-4-12` hexadecimal digits in either case: a nonce.
  case uuid
  /// Decimal digits: a time in seconds or milliseconds.
  case digits
  /// Hexadecimal digits in either case: a hash.
  case hex

  /// How a line writes a literal `{{`, which otherwise begins a mask.
  static let openName = "open"

  /// How many bytes of `text`, from its start, are one value of this kind: the whole run of the
  /// kind's characters there, when it has the kind's shape; `nil` otherwise.
  func length(of text: ArraySlice<UInt8>) -> Int? {
    switch self {
    case .digits:
      return nonEmpty(text.prefix(while: Self.isDigit).count)
    case .hex:
      return nonEmpty(text.prefix(while: Self.isHexDigit).count)
    case .uuid:
      let run = text.prefix { Self.isHexDigit($0) || $0 == UInt8(ascii: "-") }
      let groups = run.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false).map(\.count)
      return groups == [8, 4, 4, 4, 12] ? run.count : nil
    case .base64:
      let body = text.prefix(while: Self.isBase64).count
      let padding = text.dropFirst(body).prefix(2).prefix { $0 == UInt8(ascii: "=") }.count
      let length = body + padding
      guard body > 0, length % 4 == 0, text.dropFirst(length).first != UInt8(ascii: "=") else { return nil }
      return length
    case .jws:
      var run = text.prefix { Self.isBase64URL($0) || $0 == UInt8(ascii: ".") }
      // A dot after the signature ends a sentence.
      if run.last == UInt8(ascii: "."), run.count { $0 == UInt8(ascii: ".") } == 3 { run = run.dropLast() }
      let parts = run.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }), run.starts(with: Array("eyJ".utf8)) else {
        return nil
      }
      return run.count
    }
  }

  private func nonEmpty(_ count: Int) -> Int? { count > 0 ? count : nil }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isBase64(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
  }

  private static func isBase64URL(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
  }
}
