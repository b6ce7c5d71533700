import Foundation
import JSON
import Testing

/// ``CompactJSONWriter``: commas, nesting and escapes as the encoder writes them.
@Suite struct CompactJSONWriterTests {
  @Test func nestedContainersGetTheirCommas() {
    var json = CompactJSONWriter()
    json.beginObject()
    json.member("a", 1)
    json.member("skipped", nil as String?)
    json.key("list")
    json.beginArray()
    json.string("x")
    json.beginObject()
    json.member("b", true)
    json.endObject()
    json.beginArray()
    json.endArray()
    json.string("y")
    json.endArray()
    json.key("empty")
    json.beginObject()
    json.endObject()
    json.member("c", "d")
    json.endObject()
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == #"{"a":1,"list":["x",{"b":true},[],"y"],"empty":{},"c":"d"}"#)
  }

  @Test func stringsAreEscapedAsTheEncoderEscapesThem() throws {
    let text = "quote \" backslash \\ newline \n tab \t bell \u{7} é 😀 /"
    var json = CompactJSONWriter()
    json.beginArray()
    json.string(text)
    json.endArray()
    #expect(
      String(decoding: json.bytes, as: UTF8.self) == (try OrderedJSONEncoder(isCompact: true).encode([text])))
  }

  /// The scan finds an escape eight bytes at a time: every position of every escaped character in
  /// strings around the word size, among bytes that look like them in some bits (`0xA2` is `"`
  /// with the top bit, `0xDC` is `\\` with it, `0x9F` is below `0x20` once the top bit goes).
  @Test func anEscapeIsFoundAtEveryPositionOfAWord() throws {
    let fillers = ["a", "¢", "Ü", "ß", "\u{A0}", "😀"]
    for escaped in ["\"", "\\", "\n", "\u{1}", "\u{1F}"] {
      for filler in fillers {
        for length in 0..<20 {
          for position in 0...length {
            var characters = Array(repeating: filler, count: length)
            characters.insert(escaped, at: position)
            let text = characters.joined()
            #expect(
              written(text) == expected(text), "\(escaped.debugDescription) at \(position) of \(length)")
          }
        }
      }
    }
    for filler in fillers {
      for length in 0..<20 {
        let text = String(repeating: filler, count: length)
        #expect(written(text) == "\"" + text + "\"")
      }
    }
  }

  private func written(_ text: String) -> String {
    var json = CompactJSONWriter()
    json.string(text)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// The literal, escaped one scalar at a time as the encoder escapes.
  private func expected(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case _ where scalar.value < 0x20: literal += String(format: "\\u%04x", scalar.value)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }
}
