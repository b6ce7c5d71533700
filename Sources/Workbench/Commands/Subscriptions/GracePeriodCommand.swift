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

  func validate() throws {
    try requireNonEmpty(duration, "the duration")
    if let duration, Self.days(duration) == nil {
      throw WorkbenchError(
        .invalidValue,
        "\(Self.typedName): the grace period must be 3d, 16d or 28d, as App Store Connect offers (got \(duration))"
      )
    }
  }

  /// The days of a grace period App Store Connect offers, or `nil` for any other duration.
  static func days(_ text: String) -> Int? {
    do {
      let span = try TimeSpan(parsing: text)
      return span.months == 0 && [3, 16, 28].contains { $0 * 86_400 == span.seconds }
        ? span.seconds / 86_400 : nil
    } catch {
      return nil  // a duration that does not parse is no grace period either: the caller says which are
    }
  }

  func execute(in session: Session) throws {
    let store = session.world.store
    guard setting.isOn else {
      guard duration == nil else { throw WorkbenchError(.invalidValue, "grace-period off takes no duration") }
      store.gracePeriodDays = nil
      session.print("grace period: off")
      return
    }
    let days = duration.flatMap(Self.days) ?? 16
    store.gracePeriodDays = days
    session.print("grace period: \(Wording.plural(days, "day"))")
  }
}
