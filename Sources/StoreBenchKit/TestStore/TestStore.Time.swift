import Foundation

extension TestStore {
  /// How the world's time relates to the app's `Date()`.
  public enum Time: Hashable, Sendable {
    /// The world starts at the wall clock's now and moves with it: what falls due in real time
    /// happens (renewals every few seconds at an accelerated time rate), and
    /// ``TestStore/advanceClock(by:)`` moves the world ahead, the app seeing every date moved back
    /// by as much. App code that compares dates with `Date()` works unchanged. Dates differ from
    /// run to run.
    case wallClock
    /// The world starts at a fixed instant and moves only when the test moves it: every date is
    /// the same from run to run. App code that compares dates with "now" must read
    /// ``TestStore/now`` (a clock the test gives it) instead of `Date()`.
    case fixed(Date)
  }
}
