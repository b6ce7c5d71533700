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
}
