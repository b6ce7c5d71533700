import Catalog
import Simulation

/// How a new session starts: the settings the command line's common options give (the catalog, the
/// output format, the certificate authority's directory, the world's seed) and those its maker
/// chooses (how it serves and notifies, a private `ca rotate`, paths shown from the script's
/// directory). The executable, the script runner and the benchmarks make every session here
/// (``makeSession(output:directory:monitor:)``), and open every kept world here
/// (``openSession(keptIn:output:directory:monitor:)``).
public struct SessionOptions: Sendable {
  /// The catalog the world starts with.
  public var catalog: Catalog
  /// Where it came from, for messages.
  public var catalogSource: String
  /// Text or JSON lines.
  public var format: OutputFormat
  /// The certificate authority's directory as the command line names it (`--ca-dir`), or `nil`
  /// for the default (``AuthorityLocator/directory(option:environment:)``).
  public var caDirectory: String?
  /// The seed of the world's identifiers.
  public var identity: WorldIdentity
  /// How the session serves its world and sends notifications.
  public var services: SessionServices
  /// Whether `ca rotate` gives the world an authority of its own instead of rotating the shared
  /// one (``World/rotatesPrivately``), as a suite's scripts do.
  public var rotatesPrivately = false
  /// Whether messages show paths from the session's directory rather than the working directory
  /// (``Session/shownFrom``), as a suite's transcripts do.
  public var showsPathsFromDirectory = false

  /// Creates options.
  ///
  /// - Parameters:
  ///   - catalog: the catalog the world starts with.
  ///   - catalogSource: where it came from, for messages.
  ///   - format: text or JSON lines.
  ///   - caDirectory: the certificate authority's directory, `nil` for the default.
  ///   - identity: the seed of the world's identifiers; the scripted one (seed 0) unless told.
  ///   - services: how the session serves its world and sends notifications; none unless told.
  public init(
    catalog: Catalog, catalogSource: String, format: OutputFormat = .text, caDirectory: String? = nil,
    identity: WorldIdentity = .scripted, services: SessionServices = SessionServices()
  ) {
    self.catalog = catalog
    self.catalogSource = catalogSource
    self.format = format
    self.caDirectory = caDirectory
    self.identity = identity
    self.services = services
  }

  /// A new session on a new world.
  ///
  /// - Parameters:
  ///   - output: where its lines go.
  ///   - directory: where relative paths in commands are read from.
  ///   - monitor: asked whether to stop long work (Ctrl-C), told of its progress; `nil` for none.
  /// - Returns: The session.
  public func makeSession(
    output: OutputSink, directory: String, monitor: (any WorkMonitor)? = nil
  ) -> Session {
    let session = Session(
      catalog: catalog, catalogSource: catalogSource, output: output, format: format,
      caDirectory: AuthorityLocator.directory(option: caDirectory), identity: identity)
    session.baseDirectory = directory
    if showsPathsFromDirectory { session.shownFrom = directory }
    session.world.monitor = monitor
    session.world.rotatesPrivately = rotatesPrivately
    session.services = services
    return session
  }

  /// A new session, on the world kept in a file (``KeptWorld``) when `state` names one: loaded when
  /// the file exists, with every change its journal holds, else new; from then on each change is
  /// written down. The one place a kept world is opened.
  ///
  /// - Parameters:
  ///   - state: the file, relative to `directory`; `nil` for a world in memory only.
  ///   - output: where the session's lines go.
  ///   - directory: where relative paths are read from.
  ///   - monitor: asked whether to stop long work, told of its progress; `nil` for none.
  /// - Returns: The session, and its kept world when `state` names one.
  /// - Throws: ``WorkbenchError`` naming the file at fault, once the session has reported it on
  ///   its output (a `stateFile` error); the files are then left as they are.
  public func openSession(
    keptIn state: String?, output: OutputSink, directory: String, monitor: (any WorkMonitor)? = nil
  ) throws(WorkbenchError) -> (session: Session, kept: KeptWorld?) {
    let session = makeSession(output: output, directory: directory, monitor: monitor)
    guard let state else { return (session, nil) }
    do {
      return (session, try KeptWorld.open(state, in: session))
    } catch {
      session.report(error, code: .stateFile)
      throw error
    }
  }
}
