import Catalog
import Simulation

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

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
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

  /// Runs one script in a new session, writing its output to `output`.
  ///
  /// - Parameter monitor: asked whether to stop (between lines, and between events of long
  ///   commands), and told of long commands' progress.
  public func run(_ script: Script, output: OutputSink, monitor: (any WorkMonitor)? = nil) -> Result {
    let session = Session(
      catalog: catalog, catalogSource: catalogSource, output: output, format: options.format,
      caDirectory: AuthorityLocator.directory(option: options.caDirectory))
    session.baseDirectory = script.directory
    session.world.monitor = monitor
    session.world.rotatesPrivately = options.rotatesPrivately
    session.services = options.services
    defer { session.world.removePrivateAuthority() }
    return run(script, in: session)
  }

  /// Runs one script in an existing session, each line through the session's owner (one is made
  /// when it has none). A server the script started stops when it ends.
  public func run(_ script: Script, in session: Session) -> Result {
    let owner = SessionOwner.of(session)
    defer { owner.withSession { $0.stopServer() } }
    var result = Result(failures: [])
    for (index, line) in script.lines.enumerated() {
      let (outcome, failure, wantsToQuit) = owner.withSession { session in
        if options.echoCommands, !CommandLineSplitter.isBlankOrComment(line) { session.print("> \(line)") }
        var outcome = Interpreter.run(line: line, in: session)
        if outcome == .succeeded, session.world.monitor?.isStopRequested == true {
          outcome = .interrupted("the script stopped after this line")
        }
        let failure = outcome.failure.map { Failure(file: script.name, line: index + 1, message: $0) }
        if let failure { session.output.writeError(failure.description) }
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
}
