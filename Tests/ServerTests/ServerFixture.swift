import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Simulation
import Verifier
import Workbench

@testable import Server

/// A world served for a test: one purchase (level.pack), one API key, and the receipt's base64 text.
struct ServerFixture: Sendable {
  let owner: SessionOwner
  let signer: BearerTokenSigner
  let receipt: String
  let bundleId: String

  static let keyId = "TESTKEY001"
  static let issuerId = "11111111-2222-3333-4444-555555555555"

  init(environment: String = "sandbox") throws {
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default",
      output: OutputSink(write: { _ in }, writeError: { _ in }))
    owner = SessionOwner.of(session)
    let key = P256.Signing.PrivateKey()
    let (receipt, bundleId) = try owner.withSession { session in
      for line in ["environment \(environment)", "buy level.pack"] {
        guard Interpreter.run(line: line, in: session) == .succeeded else { throw FixtureError(line) }
      }
      try session.world.apiKeys.register(keyId: Self.keyId, issuerId: Self.issuerId, publicKey: key.publicKey)
      let bytes = try session.world.signedReceipt(of: session.world.device)
      return (Data(bytes).base64EncodedString(), session.world.store.catalog.bundleId)
    }
    self.receipt = receipt
    self.bundleId = bundleId
    signer = BearerTokenSigner(
      keyId: Self.keyId, issuerId: Self.issuerId, bundleId: bundleId, privateKey: key)
  }

  /// A valid token: issued now, expiring in 5 minutes (as every library does).
  func validToken() throws -> String {
    let now = Int(Date().timeIntervalSince1970)
    return try signer.token(issuedAt: now, expiresAt: now + 300)
  }

  /// The router over the world, with the API's answers given.
  func router(
    api: @escaping @Sendable (APIRequest, World) -> APIResponse = AppStoreServerAPI.respond(to:in:),
    bodyLimit: Int = ServerOptions.defaultBodyLimit
  ) -> Router<BasicRequestContext> {
    buildRouter(world: owner, options: ServerOptions(bodyLimit: bodyLimit), api: api)
  }

  /// Runs `test` against the router, in memory.
  func test(
    api: @escaping @Sendable (APIRequest, World) -> APIResponse = AppStoreServerAPI.respond(to:in:),
    bodyLimit: Int = ServerOptions.defaultBodyLimit,
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let app = Application(router: router(api: api, bodyLimit: bodyLimit))
    try await app.test(.router) { client in try await test(client) }
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var description: String
  init(_ line: String) { description = "fixture line failed: \(line)" }
}

extension HTTPFields {
  /// `Authorization: Bearer TOKEN`.
  static func bearer(_ token: String) -> HTTPFields {
    [.authorization: "Bearer \(token)"]
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }
}
