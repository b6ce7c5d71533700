import Testing
import Vocabulary

/// The one "did you mean" of every message: close names by edit distance, case aside, and the one
/// name a word begins.
@Suite struct DidYouMeanTests {
  @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    #expect(DidYouMean.distance("bye", "buy") == 2)
    #expect(DidYouMean.distance("restroe", "restore") == 2)
    #expect(DidYouMean.distance("", "abc") == 3)
    #expect(DidYouMean.distance("kitten", "sitting") == 3)
    #expect(DidYouMean.distance("same", "same") == 0)
  }

  @Test func theNearestNamesAreSuggestedAtMostThree() {
    let names = ["buy", "bye-bye", "finish", "restore", "status", "stats"]
    #expect(DidYouMean.suggestions(for: "bye", among: names) == ["buy"])
    #expect(DidYouMean.suggestions(for: "statu", among: names) == ["stats", "status"])
    #expect(DidYouMean.suggestions(for: "sta", among: ["star", "stay", "step", "stop"]) == ["star", "stay"])
    #expect(DidYouMean.suggestions(for: "ab", among: ["ax", "ay", "az", "xb"]) == ["ax", "ay", "az"])
  }

  @Test func onlyCloseNamesAreSuggested() {
    #expect(DidYouMean.suggestions(for: "xyzzy", among: ["buy", "restore"]).isEmpty)
    // Two letters allow one edit, longer words two.
    #expect(DidYouMean.suggestions(for: "ab", among: ["xy"]).isEmpty)
    #expect(
      DidYouMean.suggestions(for: "pro.montly", among: ["pro.monthly", "pro.yearly"]) == ["pro.monthly"])
    #expect(DidYouMean.suggestions(for: "pro.mo", among: ["pro.monthly"]) == ["pro.monthly"])
    #expect(DidYouMean.suggestions(for: "", among: ["a"]).isEmpty)
  }

  @Test func caseIsIgnoredAndTheNameIsGivenAsItIsSpelled() {
    #expect(
      DidYouMean.suggestions(for: "goldenglobe", among: ["GoldenGlobe", "EnergyBottle"]) == ["GoldenGlobe"])
    #expect(DidYouMean.suggestions(for: "SUBSCRIPTON", among: ["subscription"]) == ["subscription"])
  }

  @Test func aWordThatBeginsOneNameOnlySuggestsIt() {
    let commands = ["advance-clock", "buy", "buy-backdated", "status", "storage", "storefront"]
    #expect(DidYouMean.suggestions(for: "advance", among: commands) == ["advance-clock"])
    #expect(DidYouMean.suggestions(for: "--quant", among: ["--quantity", "--offer"]) == ["--quantity"])
    // A name a few edits away comes first: `bye` is `buy` mistyped, not the start of `bye-bye`.
    #expect(DidYouMean.suggestions(for: "bye", among: ["buy", "bye-bye"]) == ["buy"])
    // Several names begin with it: none of them is the one.
    #expect(DidYouMean.suggestions(for: "stor", among: commands) == [])
    // Two letters begin too many names to mean one.
    #expect(DidYouMean.suggestions(for: "ad", among: commands) == [])
  }

  @Test func theClauseEndsASentence() {
    #expect(DidYouMean.clause(for: "pro.montly", among: ["pro.monthly"]) == #"; did you mean "pro.monthly"?"#)
    #expect(
      DidYouMean.clause(for: "bux", among: ["buy", "bus"]) { "'\($0)'" } == "; did you mean 'bus' or 'buy'?")
    #expect(DidYouMean.clause(for: "xyzzy", among: ["buy"]) == "")
    #expect(DidYouMean.choices(["a", "b", "c"]) { $0 } == "a, b or c")
  }
}
