import ArgumentParser

/// `serve start [--port N]`, `serve stop`, `serve status`.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract:
      "Serve this world over HTTP on 127.0.0.1: verifyReceipt and the App Store Server API (start, stop, status).",
    subcommands: [Start.self, Stop.self, Status.self],
    defaultSubcommand: Status.self)

  struct Start: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Start serving; prints `serving http://127.0.0.1:PORT`. A script's server stops when it ends."
    )

    @Option(help: "The port to listen on (0: a free one).")
    var port = 0

    func validate() throws {
      try require(port, in: 0...65_535, "--port")
    }

    func execute(in session: Session) throws {
      if let server = session.server {
        throw WorkbenchError(.conflict, "already serving http://127.0.0.1:\(server.port) (serve stop first)")
      }
      guard let makeLauncher = session.services.makeServerLauncher, let owner = session.owner else {
        throw WorkbenchError(
          .notAllowed, "serving is not available here (only the storebench executable serves)")
      }
      let launcher = makeLauncher()
      let bound: Int
      do {
        bound = try launcher.start(port: port, world: owner)
      } catch {
        throw WorkbenchError(.notAllowed, "cannot serve on 127.0.0.1:\(port): \(error)")
      }
      session.server = (launcher, bound)
      session.print("serving http://127.0.0.1:\(bound)")
    }
  }

  struct Stop: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Stop serving.")

    func execute(in session: Session) throws {
      guard let port = session.stopServer() else {
        throw WorkbenchError(.notAllowed, "not serving (serve start first)")
      }
      session.print("stopped serving http://127.0.0.1:\(port)")
    }
  }

  struct Status: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Say whether the world is served, and where.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      guard let server = session.server else { return session.print("not serving") }
      session.print("serving http://127.0.0.1:\(server.port)")
    }
  }
}
