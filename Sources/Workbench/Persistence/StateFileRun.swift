import Foundation
import Simulation

/// One command line run against a world kept in a file (`storebench --state FILE COMMAND…`): the
/// world is loaded when the file exists (else a new one starts), the command runs, and the world is
/// saved back, so shell scripts and other tools can drive a world step by step.
public struct StateFileRun {
  /// The saved world's file.
  public var path: String
  /// The command's words.
  public var words: [String]

  /// Creates a run.
  public init(path: String, words: [String]) {
    self.path = path
    self.words = words
  }

  /// Opens the kept world in a new session (``SessionOptions/openSession(keptIn:output:directory:monitor:)``:
  /// the file and any journal a crash left beside it), runs the command (written down before it
  /// runs), and writes the world back. Failures are written to the session's error output.
  ///
  /// A command stopped by Ctrl-C (the `monitor` said so) stops between two instants of the clock,
  /// as at the prompt: the journal notes where the clock stopped, and the world saved is the one
  /// it stopped in, so the next run does not make the whole move again.
  ///
  /// - Parameters:
  ///   - options: how the session starts.
  ///   - output: where the session's lines go.
  ///   - directory: where relative paths, the file's among them, are read from.
  ///   - monitor: asked whether to stop long work (Ctrl-C); `nil` for none.
  /// - Returns: How it ended: `.succeeded` when the file opened (or did not exist), the command
  ///   passed and the world was saved; `.interrupted` when Ctrl-C stopped the command (the world
  ///   saved where it stopped); `.failed` otherwise. A file that cannot be opened is left as it is
  ///   and the command does not run.
  public func run(
    with options: SessionOptions, output: OutputSink, directory: String, monitor: (any WorkMonitor)? = nil
  ) -> Ending {
    let opened: (session: Session, kept: KeptWorld?)
    do {
      opened = try options.openSession(keptIn: path, output: output, directory: directory, monitor: monitor)
    } catch {
      return .failed
    }
    let session = opened.session
    let outcome = Interpreter.run(words: words, in: session)
    session.report(outcome)
    do {
      try opened.kept?.close(in: session)
    } catch {
      session.report(error, code: .stateFile)
      return .failed
    }
    switch outcome {
    case .succeeded: return .succeeded
    case .interrupted: return .interrupted
    case .failed, .expectationFailed: return .failed
    }
  }

  /// How a run ended.
  public enum Ending: Hashable, Sendable {
    /// The command passed and the world was saved.
    case succeeded
    /// Ctrl-C stopped the command; the world was saved where it stopped.
    case interrupted
    /// The file could not be opened, the command failed or the world could not be saved.
    case failed
  }
}
