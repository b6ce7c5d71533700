import ArgumentParser
import Crypto

extension OfferKeyCommand {
  struct Import: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Register an existing In-App Purchase key (.p8, PKCS#8 PEM, P-256) under its key id.")

    @Argument(help: "The .p8 file.", completion: .file())
    var file: String

    @Option(help: "The key id App Store Connect gave it.")
    var keyId: String

    func validate() throws {
      try requireNonEmpty(file, "the file")
      try requireNonEmpty(keyId, "--key-id")
    }

    /// It reads another file, which the journal does not hold: a new snapshot follows it.
    var journalTreatment: JournalTreatment { .checkpointed }

    func execute(in session: Session) throws {
      let privateKey = try session.privateKey(in: file)
      var ring = session.world.offerKeys
      try ring.register(keyId: keyId, publicKey: privateKey.publicKey)
      session.world.offerKeys = ring
      session.offerKeyFiles[keyId] = session.resolve(file)
      session.offerPrivateKeys[keyId] = privateKey
      session.print("offer key \(keyId) registered from \(session.shown(file))")
    }
  }
}
