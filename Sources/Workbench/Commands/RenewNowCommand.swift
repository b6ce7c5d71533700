import ArgumentParser

/// `renew-now PRODUCT`: SKTestSession's forceRenewalOfSubscription.
struct RenewNowCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "renew-now",
    abstract: "End the current period now and renew (like SKTestSession.forceRenewalOfSubscription).")

  @Argument(help: "An auto-renewable product of the group.", completion: .session(.autoRenewables))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  func execute(in session: Session) throws {
    try session.world.store.renewNow(productId: productId, account: session.account)
  }
}
