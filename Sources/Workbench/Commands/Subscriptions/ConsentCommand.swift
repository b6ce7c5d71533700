import ArgumentParser

/// `consent accept|decline PRODUCT`.
struct ConsentCommand: SessionCommand {
  enum Answer: String, ExpressibleByArgument, CaseIterable {
    case accept, decline
  }

  static let configuration = CommandConfiguration(
    commandName: "consent",
    abstract: "Answer a price-increase consent request: decline turns auto-renew off (intent 3).")

  @Argument(help: "accept or decline.")
  var answer: Answer

  @Argument(help: "An auto-renewable product of the group.", completion: .session(.autoRenewables))
  var productId: String

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  func execute(in session: Session) throws {
    try session.world.store.answerPriceConsent(
      accept: answer == .accept, productId: productId, account: session.account)
  }
}
