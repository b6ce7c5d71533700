import ArgumentParser
import Foundation
import Store

extension OfferCodeCommand {
  struct Create: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make one-time codes (--count) or a custom code (--custom) for a code offer, and print them.",
      discussion: """
        One-time codes are twelve letters and digits, each redeemable once; a script's codes are \
        the same on every run. A custom code, such as SPRINGPROMO, is redeemable by anyone up to \
        --limit times. Either kind may expire (--expires, a date on the virtual clock).
        """)

    @Argument(help: "The product the offer is for.", completion: .session(.products))
    var productId: String

    @Argument(help: "The code offer's reference name.", completion: .session(.codeOffers))
    var offer: String

    @Option(help: "Make a custom code with this name (letters and digits) instead of one-time codes.")
    var custom: String?

    @Option(help: "How many one-time codes, 1 to 1000.")
    var count = 1

    @Option(help: "How many redemptions a custom code allows in all (no limit unless given).")
    var limit: Int?

    @Option(help: "When the codes stop working, such as 2026-12-31 or 2026-12-31T12:00:00Z.")
    var expires: String?

    func validate() throws {
      try requireNonEmpty(productId, "the product id")
      try requireNonEmpty(offer, "the offer")
      try require(count, in: 1...1000, "--count")
      if let limit { try require(limit, in: 1...1_000_000, "--limit") }
      if custom == nil, limit != nil {
        throw ValidationError("--limit is for custom codes (--custom NAME); a one-time code is redeemed once")
      }
      if custom != nil, count != 1 {
        throw ValidationError(
          "--count makes one-time codes; a custom code is one code (--limit sets its uses)")
      }
    }

    func execute(in session: Session) throws {
      var expiry: Date?
      if let expires {
        guard let date = Timestamp.parsePrecise(expires) else {
          throw WorkbenchError(
            .invalidValue, "--expires \"\(expires)\" is not a date such as 2026-12-31 or 2026-12-31T12:00:00Z"
          )
        }
        expiry = date
      }
      let codes = try session.world.store.makeOfferCodes(
        productId: productId, offerName: offer, custom: custom, count: count, limit: limit, expires: expiry)
      session.print(lines: codes.map(\.code))
    }
  }
}
