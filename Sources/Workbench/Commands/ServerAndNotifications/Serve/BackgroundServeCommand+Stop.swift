import ArgumentParser

extension BackgroundServeCommand {
  struct Stop: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Stop serving.")

    /// It acts on this process, not on the world.
    var journalTreatment: JournalTreatment { .notKept }

    func execute(in session: Session) throws {
      guard let port = session.stopServer() else {
        throw WorkbenchError(.notAllowed, "not serving (serve start first)")
      }
      session.print("stopped serving http://127.0.0.1:\(port)")
    }
  }
}
