import ArgumentParser
import Crypto
import Foundation
import Simulation
import Verifier

/// `api-key create [--key-id ID] [--issuer-id UUID] [--out FILE]`, `api-key list`,
/// `api-key token [--key-id ID] [--key FILE]`.
struct APIKeyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "api-key",
    abstract:
      "App Store Connect API keys whose tokens the served App Store Server API accepts (create, list, token).",
    subcommands: [Create.self, List.self, Token.self],
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
      session.apiKeyFiles[id] = session.resolve(file)
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

  struct Token: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a bearer token signed with a key, for curl against the served API.",
      discussion: """
        The token is an ES256 JWT as Apple's server libraries make it: header kid and typ JWT; \
        claims iss (the key's issuer id), iat (now, in real time, as the server checks it), exp (60 \
        minutes later, the longest Apple accepts), aud appstoreconnect-v1 and bid (the catalog's \
        bundle id). It is signed with the private key api-key create wrote in this session (where \
        its --out put it), else the file --key names (default AuthKey_ID.p8). Use it as: curl -H "Authorization: Bearer $TOKEN" URL.
        """)

    @Option(help: "The key id (default: the first key registered).", completion: .session(.apiKeys))
    var keyId: String?

    @Option(
      help: "The key's .p8 file (default: the one api-key create wrote, else AuthKey_ID.p8).",
      completion: .file())
    var key: String?

    func validate() throws {
      try requireNonEmpty(keyId, "--key-id")
      try requireNonEmpty(key, "--key")
    }

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let registered = try registeredKey(in: session)
      let file = key ?? session.apiKeyFiles[registered.keyId] ?? "AuthKey_\(registered.keyId).p8"
      let privateKey = try privateKey(in: file, of: registered, session: session)
      let signer = BearerTokenSigner(
        keyId: registered.keyId, issuerId: registered.issuerId,
        bundleId: session.world.store.catalog.bundleId, privateKey: privateKey)
      // Real time, not the world's clock: the server checks exp against the time its clients keep.
      let now = Int(Date().timeIntervalSince1970)
      session.print(try signer.token(issuedAt: now, expiresAt: now + Int(BearerTokenSigner.maximumLifetime)))
    }

    private func registeredKey(in session: Session) throws(WorkbenchError) -> APIKeyRegistry.Key {
      let keys = session.world.apiKeys
      guard let keyId else {
        guard let first = keys.keys.first else {
          throw WorkbenchError(.notFound, "no api keys (api-key create makes one)")
        }
        return first
      }
      guard let found = keys.key(id: keyId) else {
        throw WorkbenchError(.notFound, "no api key \(keyId) (api-key list shows them)")
      }
      return found
    }

    private func privateKey(
      in file: String, of registered: APIKeyRegistry.Key, session: Session
    ) throws(WorkbenchError) -> P256.Signing.PrivateKey {
      let text = String(decoding: try session.read(file), as: UTF8.self)
      let privateKey: P256.Signing.PrivateKey
      do {
        privateKey = try P256.Signing.PrivateKey(pemRepresentation: text)
      } catch {
        throw WorkbenchError(
          .invalidValue, "\(session.shown(file)): not a P-256 private key in PEM (\(error))")
      }
      guard privateKey.publicKey.x963Representation == registered.publicKey.x963Representation else {
        throw WorkbenchError(
          .conflict, "\(session.shown(file)) holds another key than api key \(registered.keyId)")
      }
      return privateKey
    }
  }
}
