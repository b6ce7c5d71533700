import ArgumentParser
import Simulation
import Store

/// `clock` and `clock set DATE`: the virtual clock.
struct ClockCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clock",
    abstract: "Show or set the virtual clock.",
    subcommands: [Show.self, Set.self],
    defaultSubcommand: Show.self)

  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Print the virtual time.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      session.print(Timestamp.iso8601(session.world.store.clock.now))
    }
  }

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

    func validate() throws {
      try requireNonEmpty(date, "the date")
    }

    func execute(in session: Session) throws {
      guard let instant = Timestamp.parsePrecise(date) else {
        throw WorkbenchError(
          .invalidValue, "\"\(date)\" is not a date such as 2026-03-01 or 2026-03-01T12:00:00Z")
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
