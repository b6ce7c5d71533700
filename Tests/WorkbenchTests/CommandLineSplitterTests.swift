import Testing

@testable import Workbench

@Suite struct CommandLineSplitterTests {
  @Test(arguments: [
    ("buy EnergyBottle", ["buy", "EnergyBottle"]),
    ("  buy   EnergyBottle  -q 3 ", ["buy", "EnergyBottle", "-q", "3"]),
    ("expect last-error \"quantity must be\"", ["expect", "last-error", "quantity must be"]),
    ("expect last-error 'it''s'", ["expect", "last-error", "its"]),
    ("finish #3 # the third one", ["finish", "#3"]),
    ("# only a comment", []),
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
}
