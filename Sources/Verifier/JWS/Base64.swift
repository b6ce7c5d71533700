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
    text.withUnsafeBufferPointer { decode(contiguous: $0, variant) }
  }

  /// Decodes UTF-8 text in which ASCII white space (tab to carriage return, and space) may stand
  /// anywhere, as in a receipt wrapped at 76 columns; `nil` as ``decode(_:_:)-swift.type.method``.
  ///
  /// - Parameters:
  ///   - text: The encoded text.
  ///   - variant: The alphabet and padding rule.
  /// - Returns: The bytes, or `nil`.
  public static func decode(skippingWhitespace text: [UInt8], _ variant: Variant) -> [UInt8]? {
    text.withUnsafeBufferPointer { input in
      if let bytes = decode(contiguous: input, variant) { return bytes }
      let isWhitespace = { (byte: UInt8) in byte == 0x20 || byte &- 0x09 < 5 }
      guard input.contains(where: isWhitespace) else { return nil }
      let compacted = [UInt8](unsafeUninitializedCapacity: input.count) { buffer, count in
        count = 0
        for byte in input where !isWhitespace(byte) {
          buffer[count] = byte
          count += 1
        }
      }
      return compacted.withUnsafeBufferPointer { decode(contiguous: $0, variant) }
    }
  }

  /// Decodes four characters at a time into three bytes written in place: the decoder a
  /// verifyReceipt request's receipt goes through.
  private static func decode(contiguous input: UnsafeBufferPointer<UInt8>, _ variant: Variant) -> [UInt8]? {
    var count = input.count
    if variant.padded {
      guard count % 4 == 0 else { return nil }
      var padding = 0
      while padding < 2, count > 0, input[count - 1] == UInt8(ascii: "=") {
        count -= 1
        padding += 1
      }
    }
    guard count % 4 != 1 else { return nil }
    var failed = false
    let output = (variant.padded ? standardTable : urlTable).withUnsafeBufferPointer { table in
      [UInt8](unsafeUninitializedCapacity: count * 3 / 4) { buffer, initialized in
        var read = 0
        var written = 0
        while read + 4 <= count {
          let first = table[Int(input[read])]
          let second = table[Int(input[read + 1])]
          let third = table[Int(input[read + 2])]
          let fourth = table[Int(input[read + 3])]
          guard (first | second | third | fourth) & 0x80 == 0 else {
            failed = true
            break
          }
          let group = UInt32(first) << 18 | UInt32(second) << 12 | UInt32(third) << 6 | UInt32(fourth)
          buffer[written] = UInt8(truncatingIfNeeded: group >> 16)
          buffer[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
          buffer[written + 2] = UInt8(truncatingIfNeeded: group)
          read += 4
          written += 3
        }
        if !failed, read < count {
          // Two or three characters left: one or two bytes, and the unused bits must be zero.
          let first = table[Int(input[read])]
          let second = table[Int(input[read + 1])]
          let third = count - read == 3 ? table[Int(input[read + 2])] : 0
          let unused = count - read == 3 ? third & 0x03 : second & 0x0f
          failed = (first | second | third) & 0x80 != 0 || unused != 0
          let group = UInt32(first) << 18 | UInt32(second) << 12 | UInt32(third) << 6
          buffer[written] = UInt8(truncatingIfNeeded: group >> 16)
          written += 1
          if count - read == 3 {
            buffer[written] = UInt8(truncatingIfNeeded: group >> 8)
            written += 1
          }
        }
        initialized = written
      }
    }
    return failed ? nil : output
  }

  private static func decodingTable(_ variant: Variant) -> [UInt8] {
    var table = [UInt8](repeating: 0xff, count: 256)
    for (index, character) in variant.alphabet.enumerated() {
      table[Int(character)] = UInt8(index)
    }
    return table
  }
}
