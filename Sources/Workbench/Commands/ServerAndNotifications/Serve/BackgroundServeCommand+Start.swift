import ArgumentParser

extension BackgroundServeCommand {
  struct Start: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Start serving; prints `serving http://127.0.0.1:PORT`. A script's server stops when it ends.",
      discussion: """
        Besides verifyReceipt and the App Store Server API, the URL itself is a page: the world \
        live (clock, transactions, subscriptions, timeline, notifications, faults) with Transaction \
        Manager actions, each run here as the command it mirrors (shown as `page> LINE`, and \
        recorded by `record`). It prints the control API's token (docs/control-api.md) and the \
        device token that apps connected with StoreBenchClient's ServedStore send.
        """
    )

    @Option(help: "The port to listen on (0: a free one).")
    var port = 0

    @Option(
      name: .customLong("performance-test-scale"),
      help: ArgumentHelp(
        "Run Retention Messaging performance tests at this fraction (above 0, at most 1) of the full test's requests and duration.",
        valueName: "fraction"))
    var performanceTestScale: Double?

    func validate() throws {
      try require(port, in: 0...65_535, "--port")
      if let performanceTestScale, !(performanceTestScale > 0 && performanceTestScale <= 1) {
        throw WorkbenchError(
          .invalidValue, "--performance-test-scale must be above 0 and at most 1, such as 0.1")
      }
    }

    /// It acts on this process, not on the world.
    var journalTreatment: JournalTreatment { .notKept }

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
      if let performanceTestScale { session.world.retention.performanceTestScale = performanceTestScale }
      session.print("serving http://127.0.0.1:\(bound)")
      session.print("control API token: \(launcher.controlToken) (Authorization: Bearer, /control/v1/)")
      session.print(
        "device token: \(launcher.deviceToken) (for apps connected with ServedStore, /device/v1/)")
    }
  }
}
