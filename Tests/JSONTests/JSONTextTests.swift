import JSON
import Testing

@Suite struct JSONTextTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("a\"b", #""a\"b""#),
    ("back\\slash", #""back\\slash""#),
    ("a/b", #""a/b""#),
    ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
    ("\u{0}\u{1F}", #""\u0000\u001f""#),
    ("é 😀", "\"é 😀\""),
    ("", #""""#),
  ])
  func stringsAreQuotedWithKnownAnswers(string: String, quoted: String) {
    #expect(JSONText.quoted(string) == quoted)
  }

  @Test func appendingQuotesAfterTheTextThatIsThere() {
    var text = "["
    JSONText.appendQuoted("x\ny", to: &text)
    #expect(text == #"["x\ny""#)
  }

  @Test func aQuotedStringParsesBackToItself() throws {
    let strings = ["", "a\"b\\c", "\u{0}\u{7F}\u{1F}", "能量瓶 😀", "tab\there"]
    for string in strings {
      #expect(try JSONParser.parse(Array(JSONText.quoted(string).utf8)) == .string(string))
    }
  }

  @Test func xcodeStyleIndentsTwoSpacesWithSpacedColonsAndEmptyContainersOnThreeLines() {
    let value = JSONValue.object([
      JSONMember("a", .array([.number("1"), .bool(true), .null])),
      JSONMember("b", .object([])),
      JSONMember("c", .array([])),
      JSONMember("d", .string("x")),
    ])
    let expected = """
      {
        "a" : [
          1,
          true,
          null
        ],
        "b" : {

        },
        "c" : [

        ],
        "d" : "x"
      }

      """
    #expect(JSONText.xcodeStyle(value) == expected)
  }
}
