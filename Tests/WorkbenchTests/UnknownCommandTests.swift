import Foundation
import Testing

@testable import Workbench

/// A first word that names no command: the names it most likely meant.
@Suite struct UnknownCommandTests {
  @Test func theMessageNamesTheNearestCommandsOrNone() {
    let names = ["buy", "bye-bye", "finish", "restore", "status"]
    #expect(
      UnknownCommand.message(for: "bye", among: names)
        == "unknown command 'bye'; did you mean 'buy'? (`help` lists the commands)")
    #expect(
      UnknownCommand.message(for: "xyzzy", among: names)
        == "unknown command 'xyzzy' (`help` lists the commands)")
    #expect(
      UnknownCommand.message(for: "advance", among: names + ["advance-clock"])
        == "unknown command 'advance'; did you mean 'advance-clock'? (`help` lists the commands)")
  }

  @Test func aLineWithAnUnknownCommandFailsWithTheSuggestion() {
    let session = Session(
      catalog: try! CatalogLocator.builtIn(), catalogSource: "default",
      output: .collecting(into: Transcript()))
    #expect(
      Interpreter.run(line: "bye", in: session)
        == .failed(
          "unknown command 'bye'; did you mean 'buy'? (`help` lists the commands)", code: .unknownCommand))
    #expect(Interpreter.run(line: "advance-clok 1d", in: session) != .succeeded)
    // A unique beginning of a command is suggested, never run.
    #expect(
      Interpreter.run(line: "advance 1d", in: session)
        == .failed(
          "unknown command 'advance'; did you mean 'advance-clock'? (`help` lists the commands)",
          code: .unknownCommand))
    #expect(session.world.store.clock.now == Date(timeIntervalSince1970: 1_767_225_600))
    #expect(Interpreter.run(line: "help buy", in: session) == .succeeded)
  }
}

/// A word where a subcommand goes that names none: the nearest subcommands, and the command of
/// that name.
@Suite struct UnknownSubcommandTests {
  private func failure(of line: String) -> String? {
    let session = Session(
      catalog: try! CatalogLocator.builtIn(), catalogSource: "default",
      output: .collecting(into: Transcript()))
    return Interpreter.run(line: line, in: session).message
  }

  @Test func aCommandsNameWhereASubcommandGoesPointsToThatCommand() {
    #expect(
      failure(of: "receipt verify")
        == "receipt: 'verify' is not a subcommand (show, export, refresh); did you mean `verify`?")
  }

  @Test func aTypoOfASubcommandPointsToTheNearestOnes() {
    #expect(
      failure(of: "receipt exprot x.b64")
        == "receipt: 'exprot' is not a subcommand (show, export, refresh); did you mean `receipt export`?")
  }
}
