import ArgumentParser

/// `expire PRODUCT`: SKTestSession's expireSubscription.
struct ExpireCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "expire",
    abstract: "End a subscription's current period now (like SKTestSession.expireSubscription).")

  @Argument(help: "An auto-renewable product of the group.", completion: .session(.autoRenewables))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  func execute(in session: Session) throws {
    try session.world.store.expireNow(productId: productId, account: session.account)
  }
}
