import ArgumentParser

extension BackgroundServeCommand {
  struct Status: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Say whether the world is served, and where.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      guard let server = session.server else { return session.print("not serving") }
      session.print("serving http://127.0.0.1:\(server.port)")
    }
  }
}
