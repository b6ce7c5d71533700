import Foundation
import JSON
import Testing

@Suite struct JSONScalarTests {
  private func members(_ text: String) throws -> [String: JSONScalar] {
    try JSONDecoder().decode([String: JSONScalar].self, from: Data(text.utf8))
  }

  @Test func eachMemberIsReadAsTheTypeJSONGaveIt() throws {
    let object = try members(#"{"n":null,"b":true,"i":-3,"d":2.5,"s":"x","o":{"k":1},"a":[1]}"#)
    #expect(
      object == [
        "n": .null, "b": .bool(true), "i": .integer(-3), "d": .number(2.5), "s": .string("x"),
        "o": .structure, "a": .structure,
      ])
  }

  @Test func aStringOfDigitsStaysAString() throws {
    #expect(try members(#"{"s":"12"}"#) == ["s": .string("12")])
  }

  @Test func malformedTextIsADecodingError() {
    #expect(throws: DecodingError.self) { try members(#"{"s":}"#) }
  }
}
