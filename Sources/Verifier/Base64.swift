/// Strict base64 in the two alphabets JWS uses: base64url without padding for the compact segments
/// (RFC 7515 §2) and standard base64 with padding for `x5c` certificates (RFC 7515 §4.1.6).
///
/// Decoding rejects characters outside the alphabet, misplaced or missing padding and non-zero
/// unused trailing bits, so every encoded string has exactly one accepted form: changing any
/// character changes the decoded bytes or fails.
public enum Base64 {
  /// Which alphabet and padding rule to use.
  public enum Variant: Sendable {
    /// `A–Z a–z 0–9 - _`, no padding.
    case url
    /// `A–Z a–z 0–9 + /`, padded with `=` to a multiple of 4.
    case standard

    var alphabet: [UInt8] {
      let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
      switch self {
      case .url: return letters + Array("-_".utf8)
      case .standard: return letters + Array("+/".utf8)
      }
    }

    var padded: Bool {
      switch self {
      case .url: false
      case .standard: true
      }
    }
  }

  private static let urlTable = decodingTable(.url)
  private static let standardTable = decodingTable(.standard)

  /// Encodes bytes.
  static func encode(_ bytes: some Collection<UInt8>, _ variant: Variant) -> String {
    let alphabet = variant.alphabet
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = second == nil ? nil : iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      let count = third != nil ? 4 : second != nil ? 3 : 2
      for index in 0..<4 {
        if index < count {
          output.append(alphabet[Int(group >> (18 - 6 * UInt32(index)) & 0x3f)])
        } else if variant.padded {
          output.append(UInt8(ascii: "="))
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Decodes text, or returns `nil` when it is not the one accepted encoding of some bytes.
  ///
  /// - Parameters:
  ///   - text: The encoded text, with no white space.
  ///   - variant: The alphabet and padding rule.
  /// - Returns: The bytes, or `nil` for a character outside the alphabet, misplaced, missing or
  ///   extra padding, or non-zero unused trailing bits.
  public static func decode(_ text: some StringProtocol, _ variant: Variant) -> [UInt8]? {
    decode(Array(text.utf8)[...], variant)
  }

  /// Decodes UTF-8 text, or returns `nil` when it is not the one accepted encoding of some bytes.
  static func decode(_ text: ArraySlice<UInt8>, _ variant: Variant) -> [UInt8]? {
    var characters = text
    if variant.padded {
      guard characters.count % 4 == 0 else { return nil }
      var padding = 0
      while padding < 2, characters.last == UInt8(ascii: "=") {
        characters.removeLast()
        padding += 1
      }
    }
    guard characters.count % 4 != 1 else { return nil }
    let table = variant.padded ? standardTable : urlTable
    var output: [UInt8] = []
    output.reserveCapacity(characters.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    for character in characters {
      let value = table[Int(character)]
      guard value != 0xff else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    guard accumulator == 0 else { return nil }
    return output
  }

  private static func decodingTable(_ variant: Variant) -> [UInt8] {
    var table = [UInt8](repeating: 0xff, count: 256)
    for (index, character) in variant.alphabet.enumerated() {
      table[Int(character)] = UInt8(index)
    }
    return table
  }
}
