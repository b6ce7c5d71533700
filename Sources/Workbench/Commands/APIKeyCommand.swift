import ArgumentParser
import Crypto
import Simulation

/// `api-key create [--key-id ID] [--issuer-id UUID] [--out FILE]`, `api-key list`.
struct APIKeyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "api-key",
    abstract:
      "App Store Connect API keys whose tokens the served App Store Server API accepts (create, list).",
    subcommands: [Create.self, List.self],
    defaultSubcommand: List.self)

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

    func execute(in session: Session) throws {
      let id = keyId ?? session.world.apiKeys.nextKeyId
      let issuer = issuerId ?? APIKeyRegistry.defaultIssuerId
      let file = out ?? "AuthKey_\(id).p8"
      let privateKey = P256.Signing.PrivateKey()
      var keys = session.world.apiKeys
      try keys.register(keyId: id, issuerId: issuer, publicKey: privateKey.publicKey)
      try session.write(Array((privateKey.pemRepresentation + "\n").utf8), to: file, mode: 0o600)
      session.world.apiKeys = keys
      session.print("api key \(id), issuer \(issuer), private key written to \(session.shown(file))")
    }
  }

  struct List: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "List the keys: id and issuer id.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let keys = session.world.apiKeys.keys
      guard !keys.isEmpty else { return session.print("no api keys (api-key create makes one)") }
      for key in keys { session.print("\(key.keyId)  issuer \(key.issuerId)") }
    }
  }
}
