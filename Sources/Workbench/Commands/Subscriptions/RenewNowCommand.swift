import ArgumentParser

/// `renew-now PRODUCT`: SKTestSession's forceRenewalOfSubscription.
struct RenewNowCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "renew-now",
    abstract: "End the current period now (like SKTestSession.forceRenewalOfSubscription).",
    discussion: """
      What follows is what follows any period's end: the subscription renews, or enters billing \
      retry while renewals fail (`billing-retry on`), or expires when its auto-renew is off or a \
      price increase still waits for the customer's consent.
      """)

  @Argument(help: "An auto-renewable product of the group.", completion: .session(.autoRenewables))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  func execute(in session: Session) throws {
    try session.world.store.renewNow(productId: productId, account: session.account)
  }
}
