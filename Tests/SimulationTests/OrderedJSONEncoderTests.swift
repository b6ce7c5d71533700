import Foundation
import Testing

@testable import Simulation

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
}
