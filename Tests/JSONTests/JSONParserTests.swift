import JSON
import Testing

@Suite struct JSONParserTests {
  private func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test func parsesEveryKindOfValue() throws {
    let value = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\u00e9\n\ud83d\ude00"} "#)
    #expect(
      value
        == .object([
          JSONMember("a", .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])),
          JSONMember("b", .string("xé\n😀")),
        ]))
  }

  @Test(arguments: [
    ("", "line 1, column 1: unexpected end of input"),
    ("{", "line 1, column 2: expected a quoted key"),
    ("[1,]", "line 1, column 4: unexpected character ']'"),
    ("{\"a\" 1}", "line 1, column 6: expected ':' after the key \"a\""),
    ("\"abc", "line 1, column 5: unterminated string"),
    ("01", "line 1, column 2: unexpected text after the document"),
    ("\"\\x\"", "line 1, column 3: unknown escape '\\x'"),
    ("\"\\ud800\"", "line 1, column 8: lone high surrogate"),
    ("tru", "line 1, column 4: expected 'true'"),
    ("[\n\n  @]", "line 3, column 3: unexpected character '@'"),
    ("1.", "line 1, column 3: expected a digit after '.'"),
    ("1e", "line 1, column 3: expected a digit in the exponent"),
    ("-", "line 1, column 2: expected a digit"),
    ("\"a\u{1}\"", "line 1, column 3: control character in a string"),
    ("{\"a\":1,}", "line 1, column 8: expected a quoted key"),
    ("NaN", "line 1, column 1: unexpected character 'N'"),
    ("[1 2]", "line 1, column 4: expected ',' or ']'"),
    ("\"\\u12\"", "line 1, column 6: expected four hex digits after \\u"),
  ])
  func malformedDocumentsAreRejectedWithAPosition(text: String, message: String) {
    #expect(throws: (any Error).self) { try parse(text) }
    do {
      _ = try parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func deepNestingIsRefusedRatherThanOverflowingTheStack() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
  }

  @Test(
    arguments: [
      ([0x22, 0x61, 0xFF, 0x22], "line 1, column 3: invalid UTF-8 at byte offset 2"),
      ([0x5B, 0x0A, 0x22, 0xC3, 0x22, 0x5D], "line 2, column 2: invalid UTF-8 at byte offset 3"),
      ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8 at byte offset 1"),
      ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: invalid UTF-8 at byte offset 1"),
      ([0x22, 0xF0, 0x9F, 0x98, 0x22], "line 1, column 2: invalid UTF-8 at byte offset 1"),
    ] as [([UInt8], String)])
  func invalidUTF8IsRejectedWithItsByteOffset(bytes: [UInt8], message: String) {
    #expect(throws: (any Error).self) { try JSONParser.parse(bytes) }
    do {
      _ = try JSONParser.parse(bytes)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func validMultibyteTextIsKept() throws {
    #expect(try parse(#""能量瓶 😀 é""#) == .string("能量瓶 😀 é"))
  }

  /// Escapes parse in time linear in their count: four times as many take about four times as long
  /// (a quadratic parser takes sixteen). A ratio within one run, of the fastest runs, so that a
  /// busy machine does not decide it.
  @Test func escapesParseInLinearTime() throws {
    func seconds(_ count: Int) throws -> Double {
      let text = "\"" + String(repeating: #"\u00e9"#, count: count) + "\""
      var value: JSONValue?
      let elapsed = try ContinuousClock().measure { value = try parse(text) }
      #expect(value == .string(String(repeating: "é", count: count)))
      let parts = elapsed.components
      return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
    _ = try seconds(10_000)  // warms up
    // The fastest of three runs of each size: suites running beside this one disturb single runs
    // (a CI run once measured 11.5).
    let small = try (0..<3).map { _ in try seconds(250_000) }.min()!
    let large = try (0..<3).map { _ in try seconds(1_000_000) }.min()!
    #expect(large / small < 10, "250,000 escapes: \(small) s; 1,000,000: \(large) s")
  }
}

@Suite struct JSONMemberTableTests {
  @Test func membersAreTabledByKey() throws {
    let table = try JSONMember.table([JSONMember("a", .null), JSONMember("b", .number("1"))])
    #expect(table == ["a": .null, "b": .number("1")])
  }

  @Test func aRepeatedKeyIsNamed() {
    let error = #expect(throws: JSONMember.DuplicateKey.self) {
      try JSONMember.table([JSONMember("a", .null), JSONMember("b", .null), JSONMember("a", .bool(true))])
    }
    #expect(error?.key == "a")
  }
}
