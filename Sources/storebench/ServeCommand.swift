import ArgumentParser
import Foundation
import Logging
import Server
import ServiceLifecycle
import Simulation
import Vocabulary
import Workbench

/// `storebench serve [--port N] [--state FILE] [SCRIPT…]`: sets a world up (from a saved world and
/// scripts), then serves it over HTTP until SIGINT or SIGTERM, keeping it in a file when asked to.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a world over HTTP on 127.0.0.1: verifyReceipt and the App Store Server API.",
    discussion: """
      Runs the scripts (their output goes to standard error), then prints the base URL \
      (http://127.0.0.1:PORT) as the first line of standard output and serves until SIGINT or SIGTERM, \
      which end it gracefully with status 0. Endpoints: POST /verifyReceipt, POST /sandbox/verifyReceipt, \
      /inApps/… and /externalPurchase/… with an `Authorization: Bearer` token signed by a key from `api-key create` \
      (`api-key token` prints one), and GET / is a page showing the world live, with Transaction \
      Manager actions that run as the commands they mirror (their lines go to standard error); \
      a refused token gets a bare 401, as Apple's, and one line on \
      standard error saying why. /control/v1/… is the control API for UI tests (docs/control-api.md): \
      JSON requests that run commands and read the world, with `Authorization: Bearer` and the control \
      token, which standard error prints at start (--control-token TOKEN fixes it). /device/v1/… is the \
      device face, for apps connected with StoreBenchClient's ServedStore \
      (docs/your-app-your-backend.md): each request one of a device's StoreKit calls, with the device \
      token, printed at start too (--device-token TOKEN fixes it); --listen ADDRESS opens it to a \
      device on the LAN. \
      Request bodies are limited to 1 MiB. A new world starts with a fresh seed, so that its \
      transaction ids and notificationUUIDs differ from every other run's; standard error says it \
      (`world seed N: …`) and --seed N starts the same ids again. With --state FILE the world is \
      loaded from FILE when it exists (before the scripts run), keeping its own seed, and every \
      change (script lines, requests, page actions, control requests, notification attempts) is written to a journal \
      beside it, FILE.journal, and flushed to the disk before it is answered: after a crash or a \
      kill -9, the next start rebuilds the world from FILE and the journal. When the server stops, \
      the whole world is written to FILE and the journal removed.
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  @Option(help: "The port to listen on (0: a free one).")
  var port = 0

  @Option(
    help: "A world kept in FILE: loaded when it exists, each change journaled, saved when the server stops.")
  var state: String?

  @Option(
    name: .customLong("control-token"),
    help:
      "The control API's token (Authorization: Bearer TOKEN), for CI; by default a fresh one, printed at start."
  )
  var controlToken: String?

  @Option(
    name: .customLong("device-token"),
    help:
      "The device face's token (Authorization: Bearer TOKEN) that connected apps send, for CI; by default a fresh one, printed at start."
  )
  var deviceToken: String?

  @Option(
    help: ArgumentHelp(
      "Listen on ADDRESS instead of 127.0.0.1, so that a device on the LAN reaches the device face; needs --device-token.",
      valueName: "address"))
  var listen: String?

  @Option(
    name: .customLong("performance-test-scale"),
    help: ArgumentHelp(
      "Run Retention Messaging performance tests at this fraction (above 0, at most 1) of the full test's requests and duration, for quick runs; the result's config says so.",
      valueName: "fraction"))
  var performanceTestScale: Double?

  @Argument(help: "Scripts that set the world up, run in order in one session.")
  var scripts: [String] = []

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    if let controlToken, controlToken.isEmpty || controlToken.contains(where: { $0.isWhitespace }) {
      throw ValidationError("--control-token must be a word: no spaces, not empty")
    }
    if let deviceToken, deviceToken.isEmpty || deviceToken.contains(where: { $0.isWhitespace }) {
      throw ValidationError("--device-token must be a word: no spaces, not empty")
    }
    if let performanceTestScale, !(performanceTestScale > 0 && performanceTestScale <= 1) {
      throw ValidationError("--performance-test-scale must be above 0 and at most 1, such as 0.1")
    }
    if let listen {
      guard deviceToken != nil else {
        throw ValidationError(
          "--listen \(listen) opens the server beyond this machine: fix the device token with --device-token TOKEN"
        )
      }
      guard !listen.isEmpty, !listen.contains(where: { $0.isWhitespace || $0 == "/" }) else {
        throw ValidationError("--listen takes an address, such as 0.0.0.0 or 192.168.1.20")
      }
    }
  }

  func run() async throws {
    let identity = seed.identity(freshByDefault: true).identity
    let options = try common.sessionOptions(identity: identity)
    let runner = ScriptRunner(options)
    let existed = state.map { FileManager.default.fileExists(atPath: $0) } ?? false
    let session: Session
    let kept: KeptWorld?
    do {
      (session, kept) = try options.openSession(
        keptIn: state, output: OutputSink(write: Console.error, writeError: Console.error),
        directory: FileManager.default.currentDirectoryPath)
    } catch {
      throw ExitCode.failure
    }
    let owner = SessionOwner.of(session)
    if existed {
      Console.error("world loaded from \(state ?? "")")
      if seed.seed != nil { Console.error("note: --seed is ignored: \(state ?? "") keeps its world's seed") }
    } else {
      Console.error(identity.startLine)
    }
    for path in scripts {
      let script: Script
      do {
        script = try Script(path: path)
      } catch {
        throw Console.fatal(error)
      }
      owner.withSession { $0.baseDirectory = script.directory }
      guard runner.run(script, in: session).passed else { throw ExitCode.failure }
    }
    if let performanceTestScale {
      owner.withSession { $0.world.retention.performanceTestScale = performanceTestScale }
    }
    try await serve(owner)
    if let kept { try close(kept, in: owner) }
  }

  /// Writes the served world back to its file, once the server has stopped, and removes its journal.
  private func close(_ kept: KeptWorld, in owner: SessionOwner) throws {
    do {
      try owner.withSession { session in
        session.baseDirectory = FileManager.default.currentDirectoryPath
        try kept.close(in: session)
      }
    } catch {
      throw Console.fatal(error)
    }
    Console.error("world saved to \(kept.path)")
  }

  /// Serves until SIGINT or SIGTERM.
  private func serve(_ owner: SessionOwner) async throws {
    let options = ServerOptions(
      controlToken: controlToken, deviceToken: deviceToken, listenAddress: listen ?? serverHost)
    let app = buildApplication(port: port, world: owner, options: options) { port in
      Console.write("http://\(serverHost):\(port)")
      Console.error(
        "control API: http://\(serverHost):\(port)/control/v1/ with Authorization: Bearer \(options.controlToken)"
      )
      Console.error(
        "device face: http://\(options.listenAddress):\(port)/device/v1/ with Authorization: Bearer \(options.deviceToken)"
      )
    }
    var logger = Logger(label: "storebench.serve")
    logger.logLevel = .warning
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch {
      Console.error(
        "error: cannot serve on \(options.listenAddress):\(port): \(ListenError(error, port: port))")
      throw ExitCode.failure
    }
  }
}
