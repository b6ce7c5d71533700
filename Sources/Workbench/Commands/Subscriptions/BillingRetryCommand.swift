import ArgumentParser

/// `billing-retry on|off`: renewals fail for billing reasons while on.
struct BillingRetryCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "billing-retry",
    abstract:
      "While on, renewals fail and subscriptions enter billing retry (see billing-fix, grace-period).",
    discussion:
      "Apple retries for 60 days (two periods at accelerated time rates), then the subscription expires with intent 2."
  )

  @Argument(help: "on or off.")
  var setting: Switch

  func execute(in session: Session) throws {
    session.world.store.isBillingRetryOn = setting.isOn
    session.print("billing retry on renewal: \(setting.rawValue)")
  }
}
