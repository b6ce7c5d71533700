import ArgumentParser
import Store

/// `redeem CODE`: the customer redeems an offer code outside the app.
struct RedeemCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "redeem",
    abstract: "Redeem an offer code outside the app, as the App Store's redemption sheet or URL does.",
    discussion: """
      The signed-in account gets the product on the code offer's terms. A new or lapsed subscriber \
      subscribes now (the server hears SUBSCRIBED); an active subscriber's offer starts at the next \
      renewal, or now with an upgrade (OFFER_REDEEMED); any other product is charged the offer's \
      one-time price (ONE_TIME_CHARGE). A transaction made now reaches the app as one made outside \
      it: StoreKit 1 observers hear it and a StoreKit 2 app gets it through Transaction.updates. \
      A refused code logs the sheet's message and the reason: not valid, already redeemed, \
      expired, not in the customer's storefront, not eligible, or the item is not available. As \
      in the sandbox, an account may redeem any number of codes.
      """)

  @Argument(help: "The code, in any case.", completion: .session(.offerCodes))
  var code: String

  func validate() throws {
    try requireNonEmpty(code, "the code")
  }

  func execute(in session: Session) throws {
    _ = session.world.store.redeem(code: code, account: try session.account)
  }
}
