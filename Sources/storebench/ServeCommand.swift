import ArgumentParser
import Foundation
import Logging
import Server
import ServiceLifecycle
import Simulation
import Vocabulary
import Workbench

/// `storebench serve [--port N] [--state FILE] [SCRIPT…]`: sets a world up (from a saved world and
/// scripts), then serves it over HTTP until SIGINT or SIGTERM, saving it back when asked to.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a world over HTTP on 127.0.0.1: verifyReceipt and the App Store Server API.",
    discussion: """
      Runs the scripts (their output goes to standard error), then prints the base URL \
      (http://127.0.0.1:PORT) as the first line of standard output and serves until SIGINT or SIGTERM, \
      which end it gracefully with status 0. Endpoints: POST /verifyReceipt, POST /sandbox/verifyReceipt, \
      and /inApps/… with an `Authorization: Bearer` token signed by a key from `api-key create` \
      (`api-key token` prints one), and GET / is a page showing the world live, with Transaction \
      Manager actions that run as the commands they mirror (their lines go to standard error); \
      a refused token gets a bare 401, as Apple's, and one line on \
      standard error saying why. \
      Request bodies are limited to 1 MiB. A new world starts with a fresh seed, so that its \
      transaction ids and notificationUUIDs differ from every other run's; standard error says it \
      (`world seed N: …`) and --seed N starts the same ids again. With --state FILE the world is \
      loaded from FILE when it exists (before the scripts run), keeping its own seed, and saved to \
      FILE when the server stops, with what the requests changed (app account tokens, consumption \
      information, extensions, notifications).
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  @Option(help: "The port to listen on (0: a free one).")
  var port = 0

  @Option(help: "A saved world to serve: loaded when it exists, saved when the server stops.")
  var state: String?

  @Argument(help: "Scripts that set the world up, run in order in one session.")
  var scripts: [String] = []

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
  }

  func run() async throws {
    let runner = try common.makeRunner()
    let identity = seed.identity(freshByDefault: true).identity
    let session = Session(
      catalog: runner.catalog, catalogSource: runner.catalogSource,
      output: OutputSink(write: Console.error, writeError: Console.error), format: common.format,
      caDirectory: AuthorityLocator.directory(option: common.caDir), identity: identity)
    session.services = ProcessServices.services
    let owner = SessionOwner.of(session)
    if let state, try load(state, into: owner) {
      if seed.seed != nil { Console.error("note: --seed is ignored: \(state) keeps its world's seed") }
    } else {
      Console.error(identity.startLine)
    }
    for path in scripts {
      let script: Script
      do {
        script = try Script(path: path)
      } catch {
        Console.error(ErrorLine.text(for: error))
        throw ExitCode.failure
      }
      owner.withSession { $0.baseDirectory = script.directory }
      guard runner.run(script, in: session).passed else { throw ExitCode.failure }
    }
    try await serve(owner)
    if let state { try save(owner, to: state) }
  }

  /// Loads the saved world when its file exists.
  ///
  /// - Returns: Whether it existed and was loaded.
  private func load(_ path: String, into owner: SessionOwner) throws -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return false }
    do {
      try owner.withSession { session in
        session.baseDirectory = FileManager.default.currentDirectoryPath
        if let note = try session.loadWorld(from: path) { Console.error("note: \(note)") }
      }
    } catch {
      Console.error(ErrorLine.text(for: error))
      throw ExitCode.failure
    }
    Console.error("world loaded from \(path)")
    return true
  }

  /// Saves the served world, once the server has stopped.
  private func save(_ owner: SessionOwner, to path: String) throws {
    do {
      try owner.withSession { session in
        session.baseDirectory = FileManager.default.currentDirectoryPath
        try session.saveWorld(to: path)
      }
    } catch {
      Console.error(ErrorLine.text(for: error))
      throw ExitCode.failure
    }
    Console.error("world saved to \(path)")
  }

  /// Serves until SIGINT or SIGTERM.
  private func serve(_ owner: SessionOwner) async throws {
    let app = buildApplication(port: port, world: owner) { port in
      Console.write("http://\(serverHost):\(port)")
    }
    var logger = Logger(label: "storebench.serve")
    logger.logLevel = .warning
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch {
      Console.error("error: cannot serve on \(serverHost):\(port): \(error)")
      throw ExitCode.failure
    }
  }
}
