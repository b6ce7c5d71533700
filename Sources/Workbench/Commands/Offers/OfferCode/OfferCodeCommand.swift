import ArgumentParser

/// `offer-code create PRODUCT OFFER [--custom NAME] [--count N] [--limit N] [--expires DATE]`,
/// `offer-code list`.
struct OfferCodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "offer-code",
    abstract: "Offer codes for the catalog's code offers, as App Store Connect makes them (create, list).",
    discussion: """
      A code offer is declared in the catalog (a product's codeOffers, or a .storekit file's \
      codeOffers); OFFER is its reference name, which the App Store reports as the transaction's \
      offerIdentifier and the receipt's offer_code_ref_name. Customers redeem codes outside the \
      app with `redeem CODE`.
      """,
    subcommands: [Create.self, List.self],
    defaultSubcommand: List.self)
}
