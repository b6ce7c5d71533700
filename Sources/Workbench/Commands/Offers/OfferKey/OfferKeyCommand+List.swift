import ArgumentParser

extension OfferKeyCommand {
  struct List: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "List the In-App Purchase keys, the clock signature times are checked against, and used nonces.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let world = session.world
      let registered = world.offerKeys.keys.map { "offer key \($0.keyId)" }
      let fromFile = world.catalogOfferKey.flatMap { key in
        world.offerKeys.key(id: key.keyId) == nil
          ? "offer key \(key.keyId) (the .storekit file's key pair)" : nil
      }
      let lines = registered + (fromFile.map { [$0] } ?? [])
      session.print(lines: lines.isEmpty ? ["no offer keys (offer-key create --key-id ID makes one)"] : lines)
      session.print(
        "signature times checked against \(world.offerKeys.clock == .real ? "real time" : "the world's clock"); "
          + "\(world.offerKeys.usedNonces.count) nonce\(world.offerKeys.usedNonces.count == 1 ? "" : "s") used"
      )
    }
  }
}
