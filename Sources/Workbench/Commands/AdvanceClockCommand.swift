import ArgumentParser
import Store

/// `advance-clock DURATION`: moves virtual time forward.
struct AdvanceClockCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "advance-clock",
    abstract: "Move the virtual clock forward, such as 45s, 15m, 3h, 2d, 1w, 1mo, 1y or 1d12h.")

  @Argument(help: "How far.")
  var duration: String

  func execute(in session: Session) throws {
    let span = try TimeSpan(parsing: duration)
    session.world.advanceClock(by: span)
    session.print(Timestamp.iso8601(session.world.store.clock.now))
  }
}
