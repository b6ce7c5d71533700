import ArgumentParser
import Simulation

/// `listener [start | finish on|off | verify on|off | at-launch on|off]`: the StoreKit 2 app's
/// `Transaction.updates` listener and what the app does with transactions.
struct ListenerCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "listener",
    abstract: "Show or set the StoreKit 2 app's Transaction.updates listener and its policy.",
    discussion: """
      A correct app starts its listener at launch, verifies each transaction, delivers it, then \
      finishes it. `finish off` never calls finish(); `verify off` delivers unverified transactions \
      too; `at-launch off` starts the listener only with `listener start` (what arrives before is \
      not heard; unfinished transactions are delivered when it starts). The policy applies to \
      purchase results as well.
      """)

  @Argument(
    help: "start, finish, verify or at-launch.",
    completion: .list(["start", "finish", "verify", "at-launch"]))
  var setting: String?

  @Argument(help: "on or off.", completion: .list(["on", "off"]))
  var value: String?

  func validate() throws {
    switch (setting, value) {
    case (nil, nil), ("start", nil): return
    case ("finish", _?), ("verify", _?), ("at-launch", _?):
      guard Switch(rawValue: value ?? "") != nil else { throw ValidationError("\(setting!) takes on or off") }
    default:
      throw ValidationError("listener takes start, or finish|verify|at-launch on|off")
    }
  }

  func changesWorld(in _: Session) -> Bool { setting != nil }

  func execute(in session: Session) throws {
    let device = session.device
    guard device.api.usesStoreKit2 else {
      throw WorkbenchError(
        .notAllowed, "the app on \(device.name) uses StoreKit 1 only: `app sk2` or `app both` first")
    }
    let app = device.storeKit2
    var policy = app.policy
    let isOn = Switch(rawValue: value ?? "")?.isOn ?? false
    switch setting {
    case "start": app.startListening()
    case "finish": policy.finishes = isOn
    case "verify": policy.verifies = isOn
    case "at-launch": policy.startsAtLaunch = isOn
    default: break
    }
    if policy != app.policy { app.setPolicy(policy) }
    session.print(
      "listener \(app.isListening ? "listening" : "not started") on \(device.name): \(app.policy), \(app.updatesSinceLaunch) update\(app.updatesSinceLaunch == 1 ? "" : "s") since launch"
    )
  }
}
