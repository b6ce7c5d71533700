import ArgumentParser
import Crypto
import Foundation
import Simulation
import Verifier

extension APIKeyCommand {
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
      let privateKey = try session.privateKey(in: file)
      guard privateKey.publicKey.x963Representation == registered.publicKey.x963Representation else {
        throw WorkbenchError(
          .conflict, "\(session.shown(file)) holds another key than api key \(registered.keyId)")
      }
      return privateKey
    }
  }
}
