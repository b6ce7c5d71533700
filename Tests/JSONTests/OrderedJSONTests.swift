import JSON
import Testing

@Suite struct OrderedJSONTests {
  @Test func objectsKeepTheirKeyOrderAndAreWrittenCompactly() {
    let value = OrderedJSON.object([
      OrderedJSON.Member("z", .integer(-1)),
      OrderedJSON.Member("a", .array([.bool(true), .bool(false), .string("s/t")])),
      OrderedJSON.Member("m", .object([])),
    ])
    #expect(value.text == #"{"z":-1,"a":[true,false,"s/t"],"m":{}}"#)
  }

  @Test func keysAndStringsAreQuotedAsJSONTextQuotes() {
    let value = OrderedJSON.object([OrderedJSON.Member("k\"", .string("line\nbreak"))])
    #expect(value.text == "{\(JSONText.quoted("k\"")):\(JSONText.quoted("line\nbreak"))}")
  }

  @Test func integersAreWrittenInDecimalAcrossTheirRange() {
    #expect(
      OrderedJSON.array([.integer(.min), .integer(0), .integer(.max)]).text
        == "[-9223372036854775808,0,9223372036854775807]")
  }

  @Test func theTextParsesBackWithTheSameShape() throws {
    let value = OrderedJSON.object([
      OrderedJSON.Member("b", .integer(2)), OrderedJSON.Member("a", .array([.string("x")])),
    ])
    #expect(
      try JSONParser.parse(Array(value.text.utf8))
        == .object([JSONMember("b", .number("2")), JSONMember("a", .array([.string("x")]))]))
  }
}
