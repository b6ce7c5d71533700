import ArgumentParser

extension OfferKeyCommand {
  struct Remove: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Unregister a key: signatures it made no longer verify (as a key revoked in App Store Connect).")

    @Argument(help: "The key id.", completion: .session(.offerKeys))
    var keyId: String

    func validate() throws {
      try requireNonEmpty(keyId, "the key id")
    }

    func execute(in session: Session) throws {
      try session.world.offerKeys.remove(keyId: keyId)
      session.offerKeyFiles[keyId] = nil
      session.offerPrivateKeys[keyId] = nil
      session.print("offer key \(keyId) removed")
    }
  }
}
