import ArgumentParser
import Crypto

extension OfferKeyCommand {
  struct Create: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make an In-App Purchase key: write it as a .p8 file (mode 0600) and register it.",
      discussion:
        "The file is PKCS#8 PEM, as App Store Connect hands it out (SubscriptionKey_ID.p8 unless --out).")

    @Option(help: "The key id, such as 2X9R4HXF34.")
    var keyId: String

    @Option(
      help: "The file to write the private key to (default: SubscriptionKey_KEYID.p8).", completion: .file())
    var out: String?

    func validate() throws {
      try requireNonEmpty(keyId, "--key-id")
      try requireNonEmpty(out, "--out")
    }

    /// It draws a new key at random, which a replay would not draw again: a new snapshot follows it.
    var journalTreatment: JournalTreatment { .checkpointed }

    func execute(in session: Session) throws {
      let file = out ?? "SubscriptionKey_\(keyId).p8"
      let privateKey = P256.Signing.PrivateKey()
      var ring = session.world.offerKeys
      try ring.register(keyId: keyId, publicKey: privateKey.publicKey)
      try session.write(Array(privateKey.pkcs8PEMText.utf8), to: file, mode: 0o600)
      session.world.offerKeys = ring
      session.offerKeyFiles[keyId] = session.resolve(file)
      session.offerPrivateKeys[keyId] = privateKey
      session.print("offer key \(keyId), private key written to \(session.shown(file))")
    }
  }
}
