import ArgumentParser
import Foundation
import Logging
import Server
import ServiceLifecycle
import Simulation
import Workbench

/// `storebench serve [--port N] [SCRIPT…]`: sets a world up with scripts, then serves it over HTTP
/// until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a world over HTTP on 127.0.0.1: verifyReceipt and the App Store Server API.",
    discussion: """
      Runs the scripts (their output goes to standard error), then prints the base URL \
      (http://127.0.0.1:PORT) as the first line of standard output and serves until SIGINT or SIGTERM, \
      which end it gracefully with status 0. Endpoints: POST /verifyReceipt, POST /sandbox/verifyReceipt, \
      and /inApps/… with an `Authorization: Bearer` token signed by a key from `api-key create`. \
      Request bodies are limited to 1 MiB.
      """)

  @OptionGroup var common: CommonOptions

  @Option(help: "The port to listen on (0: a free one).")
  var port = 0

  @Argument(help: "Scripts that set the world up, run in order in one session.")
  var scripts: [String] = []

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
  }

  func run() async throws {
    let runner = try common.makeRunner()
    let session = Session(
      catalog: runner.catalog, catalogSource: runner.catalogSource,
      output: OutputSink(write: Console.error, writeError: Console.error), format: common.format,
      caDirectory: AuthorityLocator.directory(option: common.caDir))
    session.services = ProcessServices.services
    let owner = SessionOwner.of(session)
    for path in scripts {
      let script: Script
      do {
        script = try Script(path: path)
      } catch {
        Console.error("error: \(error)")
        throw ExitCode.failure
      }
      owner.withSession { $0.baseDirectory = script.directory }
      guard runner.run(script, in: session).passed else { throw ExitCode.failure }
    }
    try await serve(owner)
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
