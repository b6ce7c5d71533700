/// Text read from a file, checked to be UTF-8: valid text is decoded at the standard library's
/// speed, and invalid text is located at its first bad byte.
public enum UTF8Text {
  /// Where bytes stop being valid UTF-8.
  public struct InvalidUTF8: Error, Hashable, Sendable {
    /// The offset of the first byte of the bad sequence, counted from 0.
    public var offset: Int
    /// The 1-based line it is on (lines end with `\n`).
    public var line: Int
    /// Its 1-based column on that line, counted in bytes.
    public var column: Int
  }

  /// Decodes UTF-8 bytes.
  ///
  /// - Parameter bytes: the text.
  /// - Returns: the text as a string.
  /// - Throws: ``InvalidUTF8`` at the first malformed, overlong or truncated sequence or surrogate.
  public static func decode(_ bytes: ArraySlice<UInt8>) throws(InvalidUTF8) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var line = 1
    var lineStart = 0
    while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
      offset += encoded.count
      if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
        line += 1
        lineStart = offset
      }
    }
    throw InvalidUTF8(offset: offset, line: line, column: offset - lineStart + 1)
  }
}
