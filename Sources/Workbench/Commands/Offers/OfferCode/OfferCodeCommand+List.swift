import ArgumentParser
import Store

extension OfferCodeCommand {
  struct List: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the offer codes: product, offer, kind, uses, expiry and state.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let store = session.world.store
      store.syncCatalogCodes()
      let codes = store.offerCodes.codes
      guard !codes.isEmpty else {
        return session.print("no offer codes (offer-code create PRODUCT OFFER makes some)")
      }
      let rows = codes.map { code in
        [
          code.code, code.productId, code.offerName, code.isOneTime ? "one-time" : "custom",
          "used \(code.redemptions.count)/\(code.limit.map(String.init) ?? "unlimited")",
          code.expires.map { "expires \(Timestamp.iso8601($0))" } ?? "no expiry",
          code.state(at: store.clock.now).rawValue,
        ]
      }
      session.print(lines: TextTable.render(rows))
    }
  }
}
