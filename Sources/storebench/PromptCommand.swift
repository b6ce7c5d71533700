import ArgumentParser
import Foundation
import Simulation
import SystemIO
import Workbench

/// `storebench [prompt]`: the interactive prompt, or standard input run as a script.
struct PromptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prompt", abstract: "Open the interactive prompt (the default).",
    discussion: """
      Line editing, TAB completion of commands, options, product ids, transactions and observers, \
      and a history kept in $XDG_STATE_HOME/storebench/history (else ~/.local/state/storebench/history). \
      Ctrl-C abandons the line, Ctrl-D or quit leaves. The world starts with a fresh seed, printed \
      under the banner (`world seed N: …`); --seed N starts it with the same ids again. When standard \
      input is not a terminal it runs as a script, each line as soon as it arrives (so a program can \
      drive it through a pipe, waiting for an `echo` marker after each command): no prompt, the ids \
      scripts get (seed 0) unless --seed says otherwise, and the exit status is 1 when a line fails.
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  func run() throws {
    let (identity, isDrawn) = seed.identity(freshByDefault: Console.inputIsTerminal)
    let runner = try common.makeRunner(identity: identity)
    let monitor = InterruptMonitor()
    guard Console.inputIsTerminal else {
      if isDrawn { Console.error(identity.startLine) }
      if let problem = Interrupts.catchInterrupts() {
        Console.error("warning: Ctrl-C cannot be caught: \(problem)")
      }
      let lines = LineStream(descriptor: 0, maximumLineLength: CommandLineSplitter.maximumLineBytes)
      let result = runner.run(
        streaming: lines, name: "-", directory: FileManager.default.currentDirectoryPath,
        output: Console.sink,
        monitor: monitor)
      try RunCommand.exit(with: [result])
      return
    }
    let session = Session(
      catalog: runner.catalog, catalogSource: runner.catalogSource, output: Console.sink,
      format: common.format, caDirectory: AuthorityLocator.directory(option: common.caDir),
      identity: identity)
    session.baseDirectory = FileManager.default.currentDirectoryPath
    session.services = ProcessServices.services
    session.world.monitor = monitor
    Console.write(
      "storebench \(StorebenchVersion.current) on catalog \(runner.catalogSource). "
        + "Type help, TAB to complete, quit or Ctrl-D to leave.")
    Console.write(identity.startLine)
    let history = PromptHistory(
      path: PromptHistory.defaultPath(environment: ProcessInfo.processInfo.environment))
    if let problem = history.problem { Console.error("warning: \(problem)") }
    var editor = LineEditor(history: history, completer: Completer(session: session))
    PromptLoop(session: session).run(reading: &editor)
  }
}
