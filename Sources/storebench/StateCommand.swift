import ArgumentParser
import Foundation
import Simulation
import Workbench

/// `storebench --state FILE COMMAND…`: one command against a world kept in a file.
struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Run one command against a saved world: load FILE (or start a new world), run, save.",
    discussion: """
      Written `storebench --state FILE COMMAND…` (or `storebench state --state FILE COMMAND…`), e.g. \
      `storebench --state w.json buy pro.monthly` then `storebench --state w.json advance-clock 1mo`. \
      --catalog applies when FILE does not exist yet; afterwards the catalog saved in FILE is used. \
      So does --seed: a new FILE gets the ids scripts get (seed 0) unless --seed N or --seed random \
      says otherwise, and the world keeps its seed from then on. \
      The exit status is 1 when the load, the command or the save fails, and 130 when Ctrl-C \
      stopped the command: a long clock move stops between two instants and the world is saved \
      where it stopped, as at the prompt. The command is written to \
      a journal beside FILE (FILE.journal) before it runs; when a run is killed, the next one \
      rebuilds the world from FILE and the journal. With no command, `storebench --state FILE` \
      opens the prompt on the world in FILE (see `storebench prompt --help`).
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  @Option(help: "The saved world's file.")
  var state: String

  @Argument(
    parsing: .captureForPassthrough, help: "The command and its arguments.",
    completion: .custom(ShellCompletion.languageCandidates))
  var command: [String] = []

  func run() throws {
    if command.isEmpty {
      try PromptCommand.open(common: common, seed: seed, state: state)
      return
    }
    let (identity, isDrawn) = seed.identity(freshByDefault: false)
    let options = try common.sessionOptions(identity: identity)
    if isDrawn, !FileManager.default.fileExists(atPath: state) { Console.error(identity.startLine) }
    let monitor = InterruptMonitor()
    if let problem = Interrupts.catchInterrupts() {
      Console.error("warning: Ctrl-C cannot be caught: \(problem)")
    }
    let run = StateFileRun(path: state, words: command)
    switch run.run(
      with: options, output: Console.sink, directory: FileManager.default.currentDirectoryPath,
      monitor: monitor)
    {
    case .succeeded: return
    case .interrupted: throw ExitCode(130)
    case .failed: throw ExitCode.failure
    }
  }

  /// The arguments with `state` put in front when an option before the first word is `--state`:
  /// how `storebench --state FILE COMMAND…` reaches this command.
  static func arguments(_ arguments: [String]) -> [String] {
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index].hasPrefix("--") {
      if arguments[index] == "--state" || arguments[index].hasPrefix("--state=") {
        return ["state"] + arguments
      }
      index += arguments[index].contains("=") ? 1 : 2
    }
    return arguments
  }
}
