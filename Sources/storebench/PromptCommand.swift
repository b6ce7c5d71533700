import ArgumentParser
import Foundation
import Simulation
import SystemIO
import Vocabulary
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
      scripts get (seed 0) unless --seed says otherwise, and the exit status is 1 when a line fails. \
      With --state FILE (also written `storebench --state FILE`) the world is kept in FILE: loaded \
      when it exists, each change written to a journal beside it (FILE.journal) and flushed to the \
      disk before its output is shown, and the whole world written back to FILE when the prompt \
      ends; after a crash or a kill -9 the next start rebuilds it from FILE and the journal.
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  @Option(help: "A world kept in FILE: loaded when it exists, each change journaled, saved at the end.")
  var state: String?

  func run() throws {
    try Self.open(common: common, seed: seed, state: state)
  }

  /// Opens the prompt, or runs standard input as a script when it is not a terminal, on a new
  /// world or on one kept in `state`.
  static func open(common: CommonOptions, seed: SeedOptions, state: String?) throws {
    let existed = state.map { FileManager.default.fileExists(atPath: $0) } ?? false
    let (identity, isDrawn) = seed.identity(freshByDefault: Console.inputIsTerminal && !existed)
    let options = try common.sessionOptions(identity: identity)
    let monitor = InterruptMonitor()
    let directory = FileManager.default.currentDirectoryPath
    guard Console.inputIsTerminal else {
      if isDrawn, !existed { Console.error(identity.startLine) }
      if let problem = Interrupts.catchInterrupts() {
        Console.error("warning: Ctrl-C cannot be caught: \(problem)")
      }
      let lines = LineStream(descriptor: 0, maximumLineLength: CommandLineSplitter.maximumLineBytes)
      let result = ScriptRunner(options).run(
        streaming: lines, name: "-", directory: directory, output: Console.sink, monitor: monitor,
        state: state)
      try RunCommand.exit(with: [result])
      return
    }
    let session: Session
    let kept: KeptWorld?
    do {
      (session, kept) = try options.openSession(
        keptIn: state, output: Console.pagingSink, directory: directory, monitor: monitor)
    } catch {
      throw ExitCode.failure
    }
    Console.write(
      "storebench \(StorebenchVersion.current) on \(session.origin). "
        + "Type help, TAB to complete, quit or Ctrl-D to leave.")
    Console.write(existed ? "world loaded from \(state ?? "")" : identity.startLine)
    let history = PromptHistory(
      path: PromptHistory.defaultPath(environment: ProcessInfo.processInfo.environment))
    if let problem = history.problem { Console.error("warning: \(problem)") }
    var editor = LineEditor(history: history, completer: Completer(session: session))
    let loop = PromptLoop(session: session)
    loop.run(reading: &editor)
    guard let kept else { return }
    do {
      try loop.owner.withSession { try kept.close(in: $0) }
    } catch {
      throw Console.fatal(error)
    }
  }
}
