import ArgumentParser
import Store

/// `grace-period on [DURATION]|off`: the app's billing grace period.
struct GracePeriodCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "grace-period",
    abstract: "Turn the billing grace period on (3d, 16d or 28d; default 16d) or off.",
    discussion: "During grace, a subscription in billing retry keeps its access.")

  @Argument(help: "on or off.")
  var setting: Switch

  @Argument(help: "3d, 16d or 28d.", completion: .list(["3d", "16d", "28d"]))
  var duration: String?

  func execute(in session: Session) throws {
    let store = session.world.store
    guard setting.isOn else {
      guard duration == nil else { throw WorkbenchError("grace-period off takes no duration") }
      store.gracePeriodDays = nil
      session.print("grace period: off")
      return
    }
    let days =
      try duration.map { (text) throws -> Int in
        let span = try TimeSpan(parsing: text)
        guard span.months == 0, [3, 16, 28].contains(where: { $0 * 86_400 == span.seconds }) else {
          throw WorkbenchError("grace periods last 3d, 16d or 28d, as App Store Connect offers, not \(text)")
        }
        return span.seconds / 86_400
      } ?? 16
    store.gracePeriodDays = days
    session.print("grace period: \(days) days")
  }
}
