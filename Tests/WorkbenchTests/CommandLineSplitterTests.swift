import Testing

@testable import Workbench

@Suite struct CommandLineSplitterTests {
  @Test(arguments: [
    ("buy EnergyBottle", ["buy", "EnergyBottle"]),
    ("  buy   EnergyBottle  -q 3 ", ["buy", "EnergyBottle", "-q", "3"]),
    ("expect last-error \"quantity must be\"", ["expect", "last-error", "quantity must be"]),
    ("expect last-error 'it''s'", ["expect", "last-error", "its"]),
    ("finish #3 # the third one", ["finish", "#3"]),
    ("refund #1 #2", ["refund", "#1", "#2"]),
    ("# only a comment", []),
    ("#1 bought twice", []),
    ("  #2", []),
    ("buy a\\ b", ["buy", "a b"]),
    ("say \"a \\\"b\\\"\"", ["say", "a \"b\""]),
    ("say \"\"", ["say", ""]),
    ("x#y", ["x#y"]),
    ("", []),
  ])
  func splitsWords(line: String, words: [String]) throws {
    #expect(try CommandLineSplitter.split(line) == words)
  }

  @Test(arguments: ["buy \"open", "buy 'open", "buy x\\"])
  func unterminatedInputIsAnError(_ line: String) {
    #expect(throws: CommandLineSplitter.SplitError.self) { try CommandLineSplitter.split(line) }
  }

  @Test(arguments: ["plain", "two words", "quote\"d", "back\\slash", "#3", ""])
  func quotingRoundTrips(_ word: String) throws {
    #expect(try CommandLineSplitter.split("x " + CommandLineSplitter.quote(word)) == ["x", word])
  }

  @Test func aLineMayHave65536BytesAndNoMore() throws {
    let limit = CommandLineSplitter.maximumLineBytes
    let longest = "products " + String(repeating: "p", count: limit - 9)
    #expect(try CommandLineSplitter.split(longest).count == 2)
    #expect(
      throws: CommandLineSplitter.SplitError(description: "line too long: 65537 bytes, the limit is 65536")
    ) {
      try CommandLineSplitter.split(longest + "p")
    }
  }

  @Test func aLineMayHave1000WordsAndNoMore() throws {
    let words = Array(repeating: "w", count: CommandLineSplitter.maximumWords)
    #expect(try CommandLineSplitter.split(words.joined(separator: " ")) == words)
    #expect(throws: CommandLineSplitter.SplitError(description: "too many words: 1001, the limit is 1000")) {
      try CommandLineSplitter.split((words + ["w"]).joined(separator: " "))
    }
  }

  @Test func splittingTheLongestLinesTakesLinearTime() throws {
    let limit = CommandLineSplitter.maximumLineBytes
    let clock = ContinuousClock()
    for line in [
      String(repeating: "\\x", count: limit / 2),
      "\"" + String(repeating: "\\\"", count: limit / 2 - 1) + "\"",
      String(repeating: "ab ", count: 333) + String(repeating: "c", count: limit - 999),
    ] {
      let elapsed = try clock.measure { _ = try CommandLineSplitter.split(line) }
      #expect(elapsed < .seconds(2), "\(line.prefix(10))…: \(elapsed)")
    }
  }

  @Test(arguments: [
    ("# a comment", true), ("  \t# indented", true), ("#", true), ("", true), ("   ", true),
    ("#1 at the start of a line", true), ("#12", true), ("\t#3 indented", true), ("buy x # note", false),
    ("x#y", false), ("finish #1", false),
  ])
  func blankAndCommentLinesFollowTheSplittersRule(line: String, isBlankOrComment: Bool) throws {
    #expect(CommandLineSplitter.isBlankOrComment(line) == isBlankOrComment)
    #expect(try CommandLineSplitter.split(line).isEmpty == isBlankOrComment)
  }
}
