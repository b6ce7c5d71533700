import ArgumentParser
import Foundation
import Simulation
import Store

/// `advance-clock DURATION`: moves virtual time forward.
struct AdvanceClockCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "advance-clock",
    abstract: "Move the virtual clock forward, such as 45s, 15m, 3h, 2d, 1w, 1mo, 1y or 1d12h.",
    discussion: """
      Ctrl-C stops it after the last event fully processed and says where the clock stands; on a \
      terminal, a move that runs for more than a second shows its progress (events done, the \
      clock, events per second). A move that would make more renewals than the budget \
      (2,000,000, about 10 years of 15,000 monthly subscriptions) is refused before it starts, \
      naming the estimate, unless --force is given.
      """)

  /// The most renewals a move of the clock makes without --force.
  static let renewalBudget = 2_000_000

  @Argument(help: "How far.")
  var duration: String

  @Flag(help: "Run a move larger than the renewal budget.")
  var force = false

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
      if !force {
        try Self.checkBudget(
          of: "advance-clock \(duration)", to: try session.world.store.instant(after: span), in: session)
      }
      advance = try session.world.advanceClock(by: span)
    } catch let error as WorkbenchError {
      throw error
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

  /// Refuses a move to `target` that would make more renewals than ``renewalBudget``.
  static func checkBudget(of move: String, to target: Date, in session: Session) throws(WorkbenchError) {
    try checkBudget(
      of: move, renewals: session.world.store.estimatedRenewals(until: target),
      otherwise: "move the clock in smaller steps or at a slower time-rate")
  }

  /// Refuses a command that would make more renewals than ``renewalBudget``, saying what to do
  /// `otherwise`.
  static func checkBudget(
    of command: String, renewals estimate: Int, otherwise: String
  ) throws(WorkbenchError) {
    guard estimate > renewalBudget else { return }
    throw WorkbenchError(
      .notAllowed,
      "\(command) would make about \(estimate) renewals, more than the budget of \(renewalBudget): add --force to run it anyway (Ctrl-C stops it), or \(otherwise)"
    )
  }
}
