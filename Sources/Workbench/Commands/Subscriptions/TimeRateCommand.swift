import ArgumentParser
import Store

/// `time-rate RATE`: how long subscription periods last.
struct TimeRateCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "time-rate",
    abstract: "Set how long subscription periods last: real, sandbox, or an Xcode test rate.",
    discussion: """
      real: catalog periods. sandbox: 1w→3m, 1mo→5m, 2mo→10m, 3mo→15m, 6mo→30m, 1y→1h, 12 renewals at most.
      every-2s, every-10s, every-30s, every-1m, every-5m, every-15m: every period lasts that long.
      monthly-30s, monthly-5m, monthly-15m, monthly-30m, monthly-1h: a month lasts that long, other periods in proportion.
      day-1h, day-30m, day-5m, day-1m, day-30s, day-1s: a day lasts that long (a month is 30 days, a year 365).
      Periods that start after the change use the new rate. With no argument, shows the rate.
      """)

  @Argument(help: "The rate.")
  var rate: TimeRate?

  func changesWorld(in _: Session) -> Bool { rate != nil }

  func execute(in session: Session) throws {
    if let rate { session.world.store.timeRate = rate }
    session.print("time rate: \(session.world.store.timeRate.rawValue)")
  }
}

extension TimeRate: ExpressibleByArgument {}
