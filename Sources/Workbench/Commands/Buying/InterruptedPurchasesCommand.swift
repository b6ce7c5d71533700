import ArgumentParser

/// `interrupted-purchases on|off`.
struct InterruptedPurchasesCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "interrupted-purchases",
    abstract:
      "While on, purchases are interrupted: they fail (SKError 2) until `resolve TXN` completes them.",
    discussion:
      "Resolving brings a new transaction in the purchased state, as on a device after the customer acts.")

  @Argument(help: "on or off.")
  var setting: Switch

  func execute(in session: Session) throws {
    session.world.store.isInterruptedPurchasesOn = setting.isOn
    session.print("interrupted purchases: \(setting.rawValue)")
  }
}
