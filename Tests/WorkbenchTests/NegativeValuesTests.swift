import Testing

@testable import Workbench

/// Negative numbers reach the command as values instead of being read as options.
@Suite struct NegativeValuesTests {
  @Test(arguments: [
    ("-1", true), ("-0.5", true), ("-.5", true), ("-1d", true), ("-250ms", true),
    ("-q", false), ("--quantity", false), ("-", false), ("-.", false), ("-.x", false), ("1", false),
    ("", false),
  ])
  func negativeNumbersAreTold(word: String, isNegative: Bool) {
    #expect(NegativeNumber.matches(word) == isNegative)
  }

  @Test(arguments: [
    // A positional: the options go first, the positionals after `--`, in their order.
    (["advance-clock", "-1d"], ["advance-clock", "--", "-1d"]),
    (
      ["price-increase", "pro.monthly", "-1", "--consent-required"],
      ["price-increase", "--consent-required", "--", "pro.monthly", "-1"]
    ),
    (["server", "fault", "history", "delay", "-5"], ["server", "fault", "--", "history", "delay", "-5"]),
    // An option's value: joined to the option's long name.
    (["buy", "coins.100", "--quantity", "-1"], ["buy", "coins.100", "--quantity=-1"]),
    (["buy", "-q", "-1", "coins.100"], ["buy", "--quantity=-1", "coins.100"]),
    (["tamper", "file", "--at", "-3"], ["tamper", "file", "--at=-3"]),
    // Left alone: no negative number, `--` already, a passthrough command, an unknown command.
    (["buy", "coins.100", "--quantity", "3"], ["buy", "coins.100", "--quantity", "3"]),
    (["advance-clock", "--", "-1d"], ["advance-clock", "--", "-1d"]),
    (["expect", "queue", "count", "-1"], ["expect", "queue", "count", "-1"]),
    (["bogus", "-1"], ["bogus", "-1"]),
  ])
  func linesAreRewritten(line: [String], rewritten: [String]) {
    #expect(NegativeValues.protect(line) == rewritten)
  }

  @Test func theCommandSaysWhatIsWrongWithTheNumber() throws {
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    #expect(
      Interpreter.run(line: "advance-clock -1d", in: session)
        == .failed(
          "advance-clock: the clock only moves forward (-1d is in the past; `clock set DATE` moves it back while nothing has been bought)",
          code: .invalidArguments))
    #expect(
      Interpreter.run(line: "buy coins.100 -q -1", in: session)
        == .failed("buy: --quantity must be 1 to 10 (got -1)", code: .invalidArguments))
    #expect(Interpreter.run(line: "echo -5 left", in: session) == .succeeded)
  }
}
