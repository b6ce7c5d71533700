import ArgumentParser
import Simulation
import Store

/// `advance-clock DURATION`: moves virtual time forward.
struct AdvanceClockCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "advance-clock",
    abstract: "Move the virtual clock forward, such as 45s, 15m, 3h, 2d, 1w, 1mo, 1y or 1d12h.",
    discussion: "Ctrl-C stops it after the last event fully processed and says where the clock stands.")

  @Argument(help: "How far.")
  var duration: String

  func validate() throws {
    try requireNonEmpty(duration, "the duration")
    guard !duration.hasPrefix("-") else {
      throw WorkbenchError(
        .invalidValue,
        "\(Self.typedName): the clock only moves forward (\(duration) is in the past; `clock set DATE` moves it back while nothing has been bought)"
      )
    }
  }

  func execute(in session: Session) throws {
    let span: TimeSpan
    do {
      span = try TimeSpan(parsing: duration)
    } catch {
      throw WorkbenchError(.invalidValue, "\(Self.typedName): \(error)")
    }
    let advance: ClockAdvance
    do {
      advance = try session.world.advanceClock(by: span)
    } catch {
      throw WorkbenchError(.notAllowed, "advance-clock \(duration): \(error)")
    }
    switch advance {
    case .completed:
      session.print(Timestamp.iso8601(session.world.store.clock.now))
    case .interrupted(let at, let events):
      throw CommandInterrupted.clockStopped(at: at, events: events, asked: "advance-clock \(duration)")
    }
  }
}
