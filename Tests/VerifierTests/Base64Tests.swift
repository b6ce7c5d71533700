import Foundation
import Testing

@testable import Verifier

/// ``Base64``'s decoder against Foundation's on random bytes, and its refusals.
@Suite struct Base64DecoderTests {
  @Test func decodesWhatFoundationEncodes() {
    var generator = SystemRandomNumberGenerator()
    for length in 0..<200 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let text = Data(bytes).base64EncodedString()
      #expect(Base64.decode(text, .standard) == bytes, "\(length) bytes")
      let wrapped = Data(bytes).base64EncodedString(options: [
        .lineLength76Characters, .endLineWithCarriageReturn,
      ])
      #expect(Base64.decode(skippingWhitespace: Array((" " + wrapped + "\n\t").utf8), .standard) == bytes)
      let url = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      #expect(Base64.decode(url, .url) == bytes, "\(length) bytes, URL alphabet")
    }
  }

  @Test func refusesWhatIsNotTheOneEncoding() {
    for text in ["A", "AB", "ABC", "AB=", "A===", "AB==A", "QQ=A", "QR==", "QUJ=", "Q!==", "QUJD\n", "=AAA"] {
      #expect(Base64.decode(text, .standard) == nil, "\(text)")
    }
    for text in ["QR", "QUJ", "Q+", "QQ="] {
      #expect(Base64.decode(text, .url) == nil, "\(text)")
    }
    #expect(Base64.decode(skippingWhitespace: Array("QU JD\u{0}".utf8), .standard) == nil)
    #expect(Base64.decode("QUJD", .standard) == Array("ABC".utf8))
    #expect(Base64.decode("QQ", .url) == Array("A".utf8))
  }
}
