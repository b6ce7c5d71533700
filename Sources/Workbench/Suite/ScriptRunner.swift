import Catalog
import Simulation
import SystemIO
import Vocabulary

/// Runs scripts line by line against a fresh session, reporting failures as `FILE:LINE: …`.
public struct ScriptRunner: Sendable {
  /// How to run.
  public struct Options: Sendable {
    /// Carry on after a failed line instead of stopping.
    public var keepGoing = false
    /// Print each command line (`> buy EnergyBottle`) before its output.
    public var echoCommands = false
    /// Text or JSON lines.
    public var format = OutputFormat.text
    /// The certificate authority's directory, when not the default.
    public var caDirectory: String?
    /// Whether `ca rotate` gives the script an authority of its own, removed when it ends, instead
    /// of rotating the one in ``caDirectory`` (``World/rotatesPrivately``).
    public var rotatesPrivately = false
    /// How sessions serve their world and send notifications.
    public var services = SessionServices()
    /// Whether messages show paths from the script's directory rather than the working directory
    /// (``Session/shownFrom``), as a suite's transcripts do.
    public var showsPathsFromScript = false
    /// The seed of each script's world: the scripted one (seed 0), so that transcripts repeat,
    /// unless `--seed` says otherwise.
    public var identity = WorldIdentity.scripted

    /// Creates options.
    public init(
      keepGoing: Bool = false, echoCommands: Bool = false, format: OutputFormat = .text,
      caDirectory: String? = nil, rotatesPrivately: Bool = false,
      services: SessionServices = SessionServices()
    ) {
      self.services = services
      self.keepGoing = keepGoing
      self.echoCommands = echoCommands
      self.format = format
      self.caDirectory = caDirectory
      self.rotatesPrivately = rotatesPrivately
    }
  }

  /// A line that failed.
  public struct Failure: Hashable, Sendable, CustomStringConvertible {
    /// The script's name.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// What went wrong, beginning `error:` or `expectation failed:`.
    public var message: String
    /// What kind of failure it is, such as `unknown_product`.
    public var code: ErrorCode

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
    /// Whether an `expect` did not hold (rather than a command failing).
    public var isFailedExpectation: Bool { message.hasPrefix("expectation failed:") }
  }

  /// What a run produced.
  public struct Result: Sendable {
    /// The failed lines, in order.
    public var failures: [Failure]
    /// Whether the user stopped the run (Ctrl-C); the run then ends with status 130.
    public var interrupted = false
    /// Whether no line failed.
    public var passed: Bool { failures.isEmpty }
  }

  /// The catalog each script starts with.
  public var catalog: Catalog
  /// How to name it.
  public var catalogSource: String
  /// How to run.
  public var options: Options

  /// Creates a runner.
  public init(catalog: Catalog, catalogSource: String, options: Options = Options()) {
    self.catalog = catalog
    self.catalogSource = catalogSource
    self.options = options
  }

  /// Creates a runner whose scripts' sessions start as `session` says.
  ///
  /// - Parameters:
  ///   - session: how each script's session starts.
  ///   - keepGoing: carry on after a failed line instead of stopping.
  ///   - echoCommands: print each command line before its output.
  public init(_ session: SessionOptions, keepGoing: Bool = false, echoCommands: Bool = false) {
    var options = Options(
      keepGoing: keepGoing, echoCommands: echoCommands, format: session.format,
      caDirectory: session.caDirectory, rotatesPrivately: session.rotatesPrivately, services: session.services
    )
    options.showsPathsFromScript = session.showsPathsFromDirectory
    options.identity = session.identity
    self.init(catalog: session.catalog, catalogSource: session.catalogSource, options: options)
  }

  /// How each script's session starts (``SessionOptions``).
  public var sessionOptions: SessionOptions {
    var session = SessionOptions(
      catalog: catalog, catalogSource: catalogSource, format: options.format,
      caDirectory: options.caDirectory, identity: options.identity, services: options.services)
    session.rotatesPrivately = options.rotatesPrivately
    session.showsPathsFromDirectory = options.showsPathsFromScript
    return session
  }

  /// Runs one script in a new session, writing its output to `output`.
  ///
  /// - Parameter monitor: asked whether to stop (between lines, and between events of long
  ///   commands), and told of long commands' progress.
  public func run(_ script: Script, output: OutputSink, monitor: (any WorkMonitor)? = nil) -> Result {
    let session = sessionOptions.makeSession(output: output, directory: script.directory, monitor: monitor)
    defer { session.world.removePrivateAuthority() }
    return run(script, in: session)
  }

  /// Runs lines as they arrive (standard input from a pipe) in a new session: each line runs as
  /// soon as it is read, so a program that writes one command at a time gets its output (and, say,
  /// an `echo` marker after it) before it sends the next. Lines are UTF-8, a byte-order mark
  /// before the first is skipped, and a line longer than ``CommandLineSplitter/maximumLineBytes``
  /// fails as a script's would.
  ///
  /// - Parameters:
  ///   - lines: the lines, read as they come.
  ///   - name: the name in `NAME:LINE:` messages, `-` for standard input.
  ///   - directory: where relative paths are read from.
  ///   - output: where output goes.
  ///   - monitor: asked whether to stop, told of progress.
  ///   - state: a kept world to run on (``KeptWorld``): opened before the first line, and
  ///     written back when the input ends.
  public func run(
    streaming lines: LineStream, name: String, directory: String, output: OutputSink,
    monitor: (any WorkMonitor)? = nil, state: String? = nil
  ) -> Result {
    let session: Session
    let kept: KeptWorld?
    do {
      (session, kept) = try sessionOptions.openSession(
        keptIn: state, output: output, directory: directory, monitor: monitor)
    } catch {
      return Result(failures: [
        Failure(file: state ?? "", line: 0, message: error.description, code: .stateFile)
      ])
    }
    defer { session.world.removePrivateAuthority() }
    let decoded = lines.enumerated().lazy.map { index, line in
      Self.decode(line, number: index + 1, name: name)
    }
    var result = run(decoded, name: name, in: session)
    if let kept {
      do {
        try SessionOwner.of(session).withSession { try kept.close(in: $0) }
      } catch {
        session.report(error, code: .stateFile)
        result.failures.append(Failure(file: state ?? "", line: 0, message: "\(error)", code: .stateFile))
      }
    }
    return result
  }

  /// Runs one script in an existing session, each line through the session's owner (one is made
  /// when it has none). A server the script started stops when it ends.
  public func run(_ script: Script, in session: Session) -> Result {
    run(script.lines.lazy.map { Swift.Result.success($0) }, name: script.name, in: session)
  }

  /// The text of a streamed line, or why it cannot be run (the message of a script line's failure).
  private static func decode(
    _ line: LineStream.Line, number: Int, name: String
  ) -> Swift.Result<String, WorkbenchError> {
    guard !line.wasCut else {
      return .failure(
        WorkbenchError(
          .invalidValue, "the line is longer than \(CommandLineSplitter.maximumLineBytes) bytes, the limit"))
    }
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let bytes =
      number == 1 && line.bytes.starts(with: byteOrderMark) ? line.bytes.dropFirst(3) : line.bytes[...]
    do {
      return .success(try UTF8Text.decode(bytes))
    } catch {
      // The file is named where the line is reported; the column travels with the error.
      return .failure(
        WorkbenchError(
          .invalidValue, "invalid UTF-8", at: SourceLocation(file: "", line: number, column: error.column)))
    }
  }

  /// Runs lines through the session's owner, stopping at the first failure unless told to keep
  /// going. A line that could not be read fails without running.
  private func run(
    _ lines: some Sequence<Swift.Result<String, WorkbenchError>>, name: String, in session: Session
  ) -> Result {
    let owner = SessionOwner.of(session)
    defer { owner.withSession { $0.stopServer() } }
    var result = Result(failures: [])
    for (index, line) in lines.enumerated() {
      let (outcome, failure, wantsToQuit) = owner.withSession { session in
        let outcome = run(line, in: session)
        let failure = outcome.failure.map { failure in
          Failure(file: name, line: index + 1, message: failure, code: outcome.code ?? .commandFailed)
        }
        let column: Int? = if case .failure(let error) = line { error.sourceLocation?.column } else { nil }
        if failure != nil { session.report(outcome, file: name, line: index + 1, column: column) }
        return (outcome, failure, session.wantsToQuit)
      }
      if let failure {
        result.failures.append(failure)
        if case .interrupted = outcome {
          result.interrupted = true
          break
        }
        if !options.keepGoing { break }
      }
      if wantsToQuit { break }
    }
    return result
  }

  /// Runs one line (echoed first when asked), or fails with why it could not be read.
  private func run(_ line: Swift.Result<String, WorkbenchError>, in session: Session) -> Interpreter.Outcome {
    let text: String
    switch line {
    case .success(let line): text = line
    case .failure(let error): return .failed(error.reason, code: .unreadableLine)
    }
    if options.echoCommands, !CommandLineSplitter.isBlankOrComment(text) { session.print("> \(text)") }
    let outcome = Interpreter.run(line: text, in: session)
    if outcome == .succeeded, session.world.monitor?.isStopRequested == true {
      return .interrupted("the script stopped after this line")
    }
    return outcome
  }
}
