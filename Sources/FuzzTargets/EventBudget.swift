import Simulation

/// Stops long work after a fixed number of clock events, as Ctrl-C would: the world checks its
/// monitor once every 1,024 events, and this one asks to stop after `checks` of them. A script
/// stops at the first line that spends the budget.
///
/// It keeps inputs such as `time-rate every-2s`, `buy pro.monthly`, `advance-clock 100y` (legitimate,
/// but billions of renewals) to about `checks × 1,024` events.
final class EventBudget: WorkMonitor {
  private let checks: Int
  private var checksSeen = 0

  init(checks: Int) {
    self.checks = checks
  }

  var isStopRequested: Bool { checksSeen >= checks }

  func progress(_ fraction: Double, _ description: String, events: Int) {
    checksSeen += 1
  }

  func finished() {}
}
