import ArgumentParser

/// `billing-fix`: the customer fixes their payment method.
struct BillingFixCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "billing-fix",
    abstract: "The customer fixes their payment method: subscriptions in billing retry recover and renew.",
    discussion:
      "Inside the grace period the renewal keeps the old expiry date; after it, the new period starts now.")

  func execute(in session: Session) throws {
    let recovered = session.world.store.fixBilling(account: try session.account)
    if recovered == 0 { session.print("no subscription is in billing retry") }
  }
}
