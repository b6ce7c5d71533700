import ArgumentParser

/// `auto-renew on|off PRODUCT`: the customer's renewal switch in Settings.
struct AutoRenewCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "auto-renew",
    abstract: "Turn a subscription's auto-renew off or on, as the customer does in Settings.",
    discussion: "Off: the subscription expires at period end with expiration intent 1.")

  @Argument(help: "on or off.")
  var setting: Switch

  @Argument(help: "An auto-renewable product of the group.", completion: .session(.autoRenewables))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  func execute(in session: Session) throws {
    try session.world.store.setAutoRenew(setting.isOn, productId: productId, account: session.account)
  }
}
