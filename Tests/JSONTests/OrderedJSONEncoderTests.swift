import Foundation
import JSON
import Testing

/// The indented, key-ordered JSON text of `verify --json`.
@Suite struct OrderedJSONEncoderTests {
  struct Entry: Codable, Equatable {
    var name: String
    var note: String?
  }

  /// Keys on purpose neither alphabetical nor in declaration order.
  struct Sample: Codable, Equatable {
    var zulu: String
    var alpha: Int64
    var flags: [Bool]
    var entries: [Entry]
    var empty: [Entry]
    var gaps: [String?]
    var nested: [String: [Int]]
    var ratio: Double

    enum CodingKeys: String, CodingKey {
      case zulu, alpha, entries, flags, empty, gaps, nested, ratio
    }
  }

  static let sample = Sample(
    zulu: "a/b \"q\" \\ é\n\u{1}", alpha: 500_935_934_584_949_200, flags: [true, false],
    entries: [Entry(name: "one", note: nil), Entry(name: "two", note: "2")], empty: [], gaps: [nil, "x"],
    nested: ["k": []], ratio: 0.5)

  @Test func keysComeInTheOrderTheyAreEncodedIndentedTwoSpaces() throws {
    let expected = #"""
      {
        "zulu": "a/b \"q\" \\ é\n\u0001",
        "alpha": 500935934584949200,
        "entries": [
          {
            "name": "one"
          },
          {
            "name": "two",
            "note": "2"
          }
        ],
        "flags": [
          true,
          false
        ],
        "empty": [],
        "gaps": [
          null,
          "x"
        ],
        "nested": {
          "k": []
        },
        "ratio": 0.5
      }
      """#
    #expect(try OrderedJSONEncoder().encode(Self.sample) == expected)
  }

  @Test func theTextReadsBackAsTheSameValue() throws {
    let text = try OrderedJSONEncoder().encode(Self.sample)
    #expect(try JSONDecoder().decode(Sample.self, from: Data(text.utf8)) == Self.sample)
  }

  @Test func aLoneValueIsItsLeaf() throws {
    #expect(try OrderedJSONEncoder().encode("x") == #""x""#)
    #expect(try OrderedJSONEncoder().encode([String]()) == "[]")
  }

  @Test func aNumberJSONCannotHoldIsAnError() {
    #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode([Double.nan]) }
  }

  /// Foundation's compact text of a value, `/` unescaped: what every leaf must match.
  private func foundation(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static let trickyStrings: [String] = [
    "", "plain", "a/b", "\"quoted\"", "back\\slash", "tab\tnew\nreturn\rback\u{8}feed\u{C}",
    String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))), "\u{7F}", "é ü ß",
    "\u{2028}\u{2029}", "😀👍🏽", "\u{FEFF}bom", "\u{0}nul",
  ]

  @Test func stringsAreQuotedAsJSONEncoderQuotesThem() throws {
    for string in Self.trickyStrings {
      #expect(try OrderedJSONEncoder(isCompact: true).encode([string]) == (try foundation([string])))
      #expect(JSONText.quoted(string) == (try foundation(string)))
      #expect(try OrderedJSONEncoder().encode(["k": string]) == "{\n  \"k\": \(try foundation(string))\n}")
    }
    #expect(
      try OrderedJSONEncoder(isCompact: true).encode([Self.trickyStrings[6]: 1])
        == (try foundation([Self.trickyStrings[6]: 1])))
  }

  @Test func integersAreWrittenAsJSONEncoderWritesThem() throws {
    let signed: [Int64] = [0, -1, 42, -500_935_934_584_949_200, .max, .min]
    #expect(try OrderedJSONEncoder(isCompact: true).encode(signed) == (try foundation(signed)))
    let unsigned: [UInt64] = [0, 1, .max]
    #expect(try OrderedJSONEncoder(isCompact: true).encode(unsigned) == (try foundation(unsigned)))
    #expect(try OrderedJSONEncoder(isCompact: true).encode([Int8.min]) == (try foundation([Int8.min])))
    #expect(
      try OrderedJSONEncoder(isCompact: true).encode([Int.min, Int.max])
        == (try foundation([Int.min, Int.max])))
    #expect(try OrderedJSONEncoder(isCompact: true).encode([true, false]) == "[true,false]")
  }

  @Test func doublesAreWrittenAsJSONEncoderWritesThem() throws {
    let doubles: [Double] = [
      0, -0.0, 1, -1, 1.5, 0.1, 100, 3.14159, 1e20, 1e21, 1e22, 1e-7, 1e-6, 0.000123, 2.5e15, 1e16, 1e300,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, Double(Int64.max), 123_456_789_012_345_680_000,
    ]
    #expect(try OrderedJSONEncoder(isCompact: true).encode(doubles) == (try foundation(doubles)))
    let floats: [Float] = [0.1, 1e20, 3.4e38, 1.5, -2]
    #expect(try OrderedJSONEncoder(isCompact: true).encode(floats) == (try foundation(floats)))
    struct Keyed: Encodable {
      var ratio: Double
      var scale: Float
    }
    #expect(
      try OrderedJSONEncoder(isCompact: true).encode(Keyed(ratio: 100, scale: 0.25))
        == #"{"ratio":100,"scale":0.25}"#)
  }

  @Test func compactTextHasNoWhiteSpaceAndReadsBackTheSame() throws {
    let text = try OrderedJSONEncoder(isCompact: true).encode(Self.sample)
    #expect(
      text.hasPrefix(
        #"{"zulu":"a/b \"q\" \\ é\n\u0001","alpha":500935934584949200,"entries":[{"name":"one"},"#))
    #expect(!text.contains("\n") && !text.contains(": "))
    #expect(try JSONDecoder().decode(Sample.self, from: Data(text.utf8)) == Self.sample)
  }

  @Test func aValueThatEncodesNothingIsNull() throws {
    struct Silent: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }
    struct Holder: Encodable {
      var first: Silent
      var second: Int
    }
    #expect(
      try OrderedJSONEncoder(isCompact: true).encode(Holder(first: Silent(), second: 2))
        == #"{"first":null,"second":2}"#)
    #expect(try OrderedJSONEncoder(isCompact: true).encode([Silent(), Silent()]) == "[null,null]")
    #expect(try OrderedJSONEncoder().encode(Silent()) == "null")
  }
}
