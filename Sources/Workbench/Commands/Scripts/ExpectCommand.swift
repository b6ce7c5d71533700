import ArgumentParser

/// `expect …`: an assertion; a failing one fails the script at its line.
struct ExpectCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "expect",
    abstract: "Assert something about the session; a script fails at the first expect that does not hold.",
    discussion: Expectation.grammar)

  @Argument(parsing: .captureForPassthrough, help: "The assertion.")
  var words: [String] = []

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    try Expectation.parse(words).check(in: session)
  }
}
