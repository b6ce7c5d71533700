import ArgumentParser
import Simulation
import Store

extension ClockCommand {
  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Print the virtual time.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      session.print(Timestamp.iso8601(session.world.store.clock.now))
    }
  }
}
