import Foundation
import JSON
import Testing

@Suite struct JSONDocumentTests {
  private func text(_ value: JSONValue, compact: Bool = true) throws -> String {
    try OrderedJSONEncoder(isCompact: compact).encode(JSONDocument(value))
  }

  @Test func aParsedDocumentIsWrittenBackWithItsKeysInOrder() throws {
    let source = #"{"z":1,"a":{"y":[true,null,"s"],"b":-2.5},"m":18446744073709551615}"#
    #expect(try text(try JSONParser.parse(Array(source.utf8))) == source)
  }

  @Test func numbersAreWrittenInTheNarrowestFormThatHoldsThem() throws {
    let value = JSONValue.array([.number("-9223372036854775808"), .number("1e2"), .number("0.5")])
    #expect(try text(value) == "[-9223372036854775808,100,0.5]")
  }

  @Test func aNumberTextThatIsNoNumberIsAnEncodingError() {
    #expect(throws: EncodingError.self) { try text(.array([.number("twelve")])) }
  }

  @Test func theIndentedFormIsTwoSpacesALevel() throws {
    let value = JSONValue.object([JSONMember("a", .array([.number("1")]))])
    #expect(try text(value, compact: false) == "{\n  \"a\": [\n    1\n  ]\n}")
  }
}
