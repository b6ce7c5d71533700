import ArgumentParser

/// `redeem-win-back OFFER`.
struct RedeemWinBackCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "redeem-win-back",
    abstract: "The customer redeems a win-back offer outside the app (its link or the App Store's sheet).",
    discussion: """
      With Streamlined Purchasing on (the default) it completes on the App Store: the customer \\
      subscribes again on the offer's terms (SUBSCRIBED RESUBSCRIBE, offerType 4) and the \\
      transaction reaches the app as one made outside it (Transaction.updates, the StoreKit 1 \\
      observer). With it off the app gets a purchase intent carrying the offer. A customer the \\
      offer's rules exclude is refused, with the rule.
      """)

  @Argument(help: "The win-back offer.", completion: .session(.winBackOffers))
  var offer: String

  func validate() throws {
    try requireNonEmpty(offer, "the offer")
  }

  func execute(in session: Session) throws {
    try session.world.redeemWinBack(offer)
  }
}
