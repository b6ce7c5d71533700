import ArgumentParser
import Simulation
import Store

/// `subscription-status PRODUCT`: `Product.SubscriptionInfo.Status` of the product's group.
struct SubscriptionStatusCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "subscription-status",
    abstract:
      "Show Product.SubscriptionInfo.Status of a subscription's group: state, renewal info, transaction.",
    discussion: """
      The state is subscribed, expired, inBillingRetryPeriod, inGracePeriod or revoked; only \
      subscribed and inGracePeriod entitle. The renewal info and the transaction are signed and \
      checked as StoreKit checks them.
      """)

  @Argument(help: "An auto-renewable subscription.", completion: .session(.products))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  /// It only shows, unless it signs a transaction `unverified-next` damages (the damage is used up).
  func changesWorld(in session: Session) -> Bool {
    session.nextSignatureIsDamaged || session.storeKit2CallFails(.subscriptionStatus)
  }

  func execute(in session: Session) throws {
    try session.requireProduct(productId)
    guard session.storeKit2CallSucceeds(.subscriptionStatus, "Product.SubscriptionInfo.status") else {
      return
    }
    let account = try session.account
    let store = session.world.store
    let state = try store.subscription(for: productId, account: account)
    let renewal = RenewalState(state.status(at: store.clock.now))
    session.print("status \(renewal.rawValue) (group \(state.group))")
    let info = SignedPayloadFactory(world: session.world).renewalInfo(state)
    var renewalWords = [
      "renewalInfo: \(info.autoRenewProductId ?? "")", "willAutoRenew \(info.autoRenewStatus == .on)",
    ]
    if let intent = info.expirationIntent { renewalWords.append("expirationReason \(intent)") }
    if info.isInBillingRetryPeriod == true { renewalWords.append("isInBillingRetry true") }
    if let grace = info.gracePeriodExpiresDate {
      renewalWords.append("gracePeriodExpirationDate \(Timestamp.iso8601(grace))")
    }
    if let renewal = info.renewalDate { renewalWords.append("renewalDate \(Timestamp.iso8601(renewal))") }
    if let winBack = info.eligibleWinBackOfferIds {
      renewalWords.append("eligibleWinBackOfferIDs [\(winBack.joined(separator: ", "))]")
    }
    session.print(renewalWords.joined(separator: ", "))
    if state.latestIndex < account.history.count {
      session.print("transaction: " + (try session.storeKit2Line(account.history[state.latestIndex])))
    }
  }
}
