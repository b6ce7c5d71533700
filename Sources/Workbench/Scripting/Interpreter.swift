import ArgumentParser
import Foundation
import Simulation
import Vocabulary

/// Runs lines of the command language against a session: the one path the prompt, scripts and
/// the command line share.
public enum Interpreter {
  /// How a line ended.
  public enum Outcome: Equatable, Sendable {
    /// It ran (or was blank, a comment, or help).
    case succeeded
    /// It failed; the message says why (several lines for usage errors), the code what kind of
    /// failure it was.
    case failed(String, code: ErrorCode = .commandFailed)
    /// An `expect` did not hold.
    case expectationFailed(String)
    /// The user stopped it (Ctrl-C); the message says where the world stands.
    case interrupted(String)
  }

  /// Splits, parses and runs one line, then lets the world settle. The session's recorder notes
  /// the line, with what it printed.
  public static func run(line: String, in session: Session) -> Outcome {
    var words: [String] = []
    var changesWorld = false
    let capture = session.recorder.keepsOutput ? OutputCapture(limit: Recorder.outputBudget) : nil
    let outcome: Outcome = session.withOutput(capture?.copying(session.output) ?? session.output) {
      do throws(CommandLineSplitter.SplitError) {
        words = try CommandLineSplitter.split(line)
        return run(words: words, in: session, changesWorld: &changesWorld)
      } catch {
        return .failed(error.description)
      }
    }
    let interruption = session.interruption
    session.interruption = nil
    if let warning = session.recorder.note(
      line: line, words: words, outcome: outcome, changesWorld: changesWorld, output: capture?.lines,
      interruption: interruption)
    {
      session.output.writeError(warning)
    }
    return outcome
  }

  /// How many `try` words may stand before a command.
  public static let maximumTryDepth = 8

  /// Parses and runs one command given as words. `try` before a command records its failure as
  /// the session's last error instead of failing; several `try` words act as one, and more than
  /// ``maximumTryDepth`` are refused.
  public static func run(words: [String], in session: Session) -> Outcome {
    var changesWorld = false
    return run(words: words, in: session, changesWorld: &changesWorld)
  }

  /// Runs one command given as words, as ``run(words:in:)`` does, setting `changesWorld` to
  /// whether it ran and its command says it changes the world
  /// (``SessionCommand/changesWorld(in:)``): a failure, even one `try` caught, changed nothing.
  static func run(words: [String], in session: Session, changesWorld: inout Bool) -> Outcome {
    let tries = words.prefix { $0 == "try" }.count
    guard tries <= maximumTryDepth else {
      return .failed("too many nested try: \(tries), the limit is \(maximumTryDepth)")
    }
    let command = Array(words.dropFirst(tries))
    var outcome = Outcome.succeeded
    if command.first == "on" {
      outcome = runOnDevice(command, words: words, in: session, changesWorld: &changesWorld)
    } else if !command.isEmpty {
      let plan = plan(command, in: session)
      outcome = step(plan, words: words, in: session)
      changesWorld = plan.changesWorld && outcome == .succeeded
    }
    guard tries > 0 else { return outcome }
    switch outcome {
    case .succeeded:
      session.lastCommandError = nil
    case .failed(let message, _), .expectationFailed(let message):
      session.print("error (tried): \(message)")
      session.lastCommandError = message
    case .interrupted:
      return outcome
    }
    return .succeeded
  }

  /// `on DEVICE COMMAND…`: runs a command with another device current, then makes the device that
  /// was current so again. A connected app's requests run this way (`on iPhone-sim purchase pro`),
  /// so that the journal replays each on its device.
  private static func runOnDevice(
    _ command: [String], words: [String], in session: Session, changesWorld: inout Bool
  ) -> Outcome {
    guard command.count >= 3 else {
      return .failed("on takes a device and a command, such as: on iPad buy pro.monthly", code: .invalidValue)
    }
    let world = session.world
    let current = world.device.name
    do {
      try world.useDevice(named: command[1])
    } catch {
      return .failed(error.description, code: error.errorCode)
    }
    defer { try? world.useDevice(named: current) }
    let plan = plan(Array(command.dropFirst(2)), in: session)
    let outcome = step(plan, words: words, in: session)
    changesWorld = plan.changesWorld && outcome == .succeeded
    return outcome
  }

  /// Runs a plan as one step of the world. A change goes through the journaled step
  /// (``World/step(_:refused:_:)``), which a kept world writes down before it runs; a change the
  /// journal cannot replay is followed by a snapshot instead (``KeptWorld/checkpointed(in:_:)``);
  /// a process-wide command runs as it is (``JournalTreatment``).
  private static func step(_ plan: Plan, words: [String], in session: Session) -> Outcome {
    let world = session.world
    guard plan.changesWorld else { return world.step(changing: false, plan.run) }
    switch plan.journalTreatment {
    case .replayed:
      return world.step(
        .command(words: words, directory: session.baseDirectory),
        refused: { .failed(String(describing: $0), code: .stateFile) }, plan.run)
    case .checkpointed:
      guard let kept = session.keptWorld else { return world.step(changing: true, plan.run) }
      return kept.checkpointed(in: session) { world.step(changing: true, plan.run) }
    case .notKept:
      return world.step(changing: true, plan.run)
    }
  }

  /// Each command's type by its name and aliases, read once from the command tree.
  private static let commandTypes: [String: any ParsableCommand.Type] = {
    let types = WorkbenchCommand.configuration.subcommands
    let specs = CommandSpec.language.subcommands
    var table: [String: any ParsableCommand.Type] = [:]
    for (spec, type) in zip(specs, types) {
      for name in spec.allNames { table[name] = type }
    }
    return table
  }()

  /// Parses a command line. A line goes straight to its command's type, which parses only that
  /// command's arguments; when that fails (a mistake, `help`, `--help`), the whole language parses it
  /// again, so that every message and help text reads as it does for the language as a whole.
  /// Negative numbers reach the command as values (``NegativeValues``).
  static func parse(_ line: [String]) throws -> any ParsableCommand {
    let words = NegativeValues.protect(line)
    if let type = commandTypes[words[0]] {
      do {
        return try type.parseAsRoot(Array(words.dropFirst()))
      } catch {
        // Fall through: the full parse reports the error in the language's own terms.
      }
    }
    return try WorkbenchCommand.parseAsRoot(words)
  }

  /// A command line, parsed: whether its command changes the world
  /// (``SessionCommand/changesWorld(in:)``, asked before it runs), and how it runs or, for a
  /// mistake or a request for help, what it answers.
  private struct Plan {
    var changesWorld = false
    var journalTreatment = JournalTreatment.replayed
    var run: () -> Outcome
  }

  /// Parses a command line into the plan that runs it.
  private static func plan(_ words: [String], in session: Session) -> Plan {
    if let word = words.first, commandTypes[word] == nil, word != "help", !word.hasPrefix("-") {
      return Plan {
        .failed(
          UnknownCommand.message(for: word, among: Array(commandTypes.keys) + ["help"]), code: .unknownCommand
        )
      }
    }
    if words.first == "help" {
      return Plan { help(for: Array(words.dropFirst()), in: session) }
    }
    do {
      let parsed = try session.parsedCommands.command(for: words, parse: parse)
      let command = parsed as? any SessionCommand
      return Plan(
        changesWorld: command?.changesWorld(in: session) ?? false,
        journalTreatment: command?.journalTreatment ?? .replayed
      ) { execute(parsed, in: session) }
    } catch {
      return Plan { parserOutcome(for: error, words: words, in: session) }
    }
  }

  private static func execute(_ parsed: any ParsableCommand, in session: Session) -> Outcome {
    do {
      var command = parsed
      guard let sessionCommand = command as? any SessionCommand else {
        try command.run()
        return .succeeded
      }
      try sessionCommand.execute(in: session)
      return .succeeded
    } catch let failure as ExpectationFailure {
      return .expectationFailed(failure.description)
    } catch let interruption as CommandInterrupted {
      session.interruption = interruption
      return .interrupted(interruption.description)
    } catch let error as any StorebenchError {
      return .failed(error.description, code: error.errorCode)
    } catch {
      // Any other error (a catalog's, a saved world's, …): its own words.
      return .failed(WorkbenchCommand.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Prints the help of a command or topic (``CommandHelp``), or fails when the words name neither.
  private static func help(for words: [String], in session: Session) -> Outcome {
    do {
      session.page(lines: try CommandHelp.text(for: words).trimmedLines)
      return .succeeded
    } catch {
      return .failed(error.description, code: .unknownHelpTopic)
    }
  }

  /// Help requests (`buy --help`) print the command's help; other parser errors become failures
  /// worded as the command is typed (``CommandUsage/parseError(_:words:)``).
  private static func parserOutcome(for error: any Error, words: [String], in session: Session) -> Outcome {
    guard WorkbenchCommand.exitCode(for: error) != .success else {
      return help(for: CommandSpec.language.command(at: words).path, in: session)
    }
    var text = WorkbenchCommand.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
    return .failed(CommandUsage.parseError(text, words: words), code: .invalidArguments)
  }
}

extension String {
  /// The lines of the text, trailing blank lines dropped.
  var trimmedLines: [String] {
    var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    return lines
  }
}
