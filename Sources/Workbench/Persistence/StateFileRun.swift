import Foundation

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
  /// - Parameters:
  ///   - options: how the session starts.
  ///   - output: where the session's lines go.
  ///   - directory: where relative paths, the file's among them, are read from.
  /// - Returns: Whether everything succeeded: the file opened (or did not exist), the command
  ///   passed and the world was saved. A file that cannot be opened is left as it is and the
  ///   command does not run.
  public func run(with options: SessionOptions, output: OutputSink, directory: String) -> Bool {
    let opened: (session: Session, kept: KeptWorld?)
    do {
      opened = try options.openSession(keptIn: path, output: output, directory: directory)
    } catch {
      return false
    }
    let session = opened.session
    let outcome = Interpreter.run(words: words, in: session)
    session.report(outcome)
    do {
      try opened.kept?.close(in: session)
    } catch {
      session.report(error, code: .stateFile)
      return false
    }
    return outcome == .succeeded
  }
}
