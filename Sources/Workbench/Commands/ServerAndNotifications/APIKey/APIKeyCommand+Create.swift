import ArgumentParser
import Crypto
import Foundation
import Simulation
import Verifier

extension APIKeyCommand {
  struct Create: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a P-256 key: write its private key as a .p8 file and accept tokens it signs.",
      discussion: """
        The file is PKCS#8 PEM, as App Store Connect hands it out (AuthKey_ID.p8 unless --out names \
        another). Tokens must carry the key id as `kid`, the issuer id as `iss`, aud appstoreconnect-v1 \
        and the catalog's bundle id as `bid`.
        """)

    @Option(help: "The key id (default: SB and a counter, such as SB00000001).")
    var keyId: String?

    @Option(help: "The issuer id (default: \(APIKeyRegistry.defaultIssuerId)).")
    var issuerId: String?

    @Option(help: "The file to write the private key to (default: AuthKey_KEYID.p8).", completion: .file())
    var out: String?

    func validate() throws {
      try requireNonEmpty(keyId, "--key-id")
      try requireNonEmpty(issuerId, "--issuer-id")
      try requireNonEmpty(out, "--out")
    }

    /// It draws a new key at random, which a replay would not draw again: a new snapshot follows it.
    var journalTreatment: JournalTreatment { .checkpointed }

    func execute(in session: Session) throws {
      let id = keyId ?? session.world.apiKeys.nextKeyId
      let issuer = issuerId ?? APIKeyRegistry.defaultIssuerId
      let file = out ?? "AuthKey_\(id).p8"
      let privateKey = P256.Signing.PrivateKey()
      var keys = session.world.apiKeys
      try keys.register(keyId: id, issuerId: issuer, publicKey: privateKey.publicKey)
      try session.write(Array(privateKey.pkcs8PEMText.utf8), to: file, mode: 0o600)
      session.world.apiKeys = keys
      session.apiKeyFiles[id] = session.resolve(file)
      session.print("api key \(id), issuer \(issuer), private key written to \(session.shown(file))")
    }
  }
}
