import ArgumentParser
import Simulation
import Store

extension ServerCommand {
  struct Faults: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the server faults, one a line; `server faults clear` clears them.")

    @Argument(help: "clear, to clear them all.")
    var action: Action?

    enum Action: String, ExpressibleByArgument, CaseIterable {
      case clear
    }

    func changesWorld(in _: Session) -> Bool { action != nil }

    func execute(in session: Session) throws {
      let faults = session.world.serverAPI.faults
      if action == .clear {
        session.world.serverAPI.clearFaults()
        session.print("server faults cleared (\(faults.count))")
        return
      }
      guard !faults.isEmpty else { return session.print("no server faults") }
      for fault in faults { session.print("server fault \(fault)") }
    }
  }
}
