import ArgumentParser

/// `offer-key create|import|list|remove|clock|sign`.
struct OfferKeyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "offer-key",
    abstract:
      "In-App Purchase keys the App Store checks promotional-offer signatures with (create, import, list, remove, clock, sign).",
    discussion: """
      A promotional offer is bought with a signature the developer's server makes with an In-App \
      Purchase key (.p8) from App Store Connect: a legacy signature (buy --discount, purchase \
      --promotional-offer) or a JWS (purchase --offer-jws, --intro-eligibility-jws). The world keeps \
      the public half of each key; a .storekit file's subscriptionOffersKeyPair counts as registered. \
      Signature times are checked against real time unless `offer-key clock world`.
      """,
    subcommands: [Create.self, Import.self, List.self, Remove.self, Clock.self, Sign.self],
    defaultSubcommand: List.self)
}
