import ArgumentParser
import Simulation
import Store

extension ClockCommand {
  struct Set: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Set the virtual time (UTC), such as 2026-03-01, 2026-03-01T12:00:00Z or 2026-03-01T12:00:00.250Z.",
      discussion: """
        Forward, everything due on the way happens, as with advance-clock (Ctrl-C stops it after \
        the last instant fully processed). Time can go backwards only while nothing has been bought.
        """)

    @Argument(help: "The new time.")
    var date: String

    @Flag(help: "Run a move larger than the renewal budget (see advance-clock).")
    var force = false

    func validate() throws {
      try requireNonEmpty(date, "the date")
    }

    func execute(in session: Session) throws {
      guard let instant = Timestamp.parsePrecise(date) else {
        throw WorkbenchError(
          .invalidValue, "\"\(date)\" is not a date such as 2026-03-01 or 2026-03-01T12:00:00Z")
      }
      if !force, instant > session.world.store.clock.now {
        try AdvanceClockCommand.checkBudget(of: "clock set \(date)", to: instant, in: session)
      }
      let move: ClockAdvance
      do {
        move = try session.world.moveClock(to: instant)
      } catch {
        throw WorkbenchError(.notAllowed, "clock set \(date): \(error)")
      }
      if case .interrupted(let at, let events) = move {
        throw CommandInterrupted.clockStopped(at: at, events: events, asked: "clock set \(date)")
      }
      session.print(Timestamp.iso8601Milliseconds(instant))
    }
  }
}
