import Catalog
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Queue
import Simulation
import Store
import Verifier

@testable import Server

/// A world served for a test: one purchase (level.pack), one API key, and the receipt's base64 text.
/// The world is built through Simulation's own API, on the built-in default catalog.
struct ServerFixture: Sendable {
  let owner: TestWorldOwner
  let signer: BearerTokenSigner
  let receipt: String
  let bundleId: String
  /// The real time, in UNIX seconds, the fixture was made at: its tokens are issued then, and its
  /// server checks them at that time, so a test that a loaded machine delays by minutes still
  /// sends tokens its server reads as fresh.
  let now: Int

  static let keyId = "TESTKEY001"
  static let issuerId = "11111111-2222-3333-4444-555555555555"

  init() throws {
    let world = World(catalog: try CatalogLoader.load(path: Self.defaultCatalog.path), log: EventLog())
    let key = P256.Signing.PrivateKey()
    try world.step(changing: true) { _ = try world.device.queue.add(Payment(productId: "level.pack")) }
    try world.apiKeys.register(keyId: Self.keyId, issuerId: Self.issuerId, publicKey: key.publicKey)
    receipt = Data(try world.signedReceipt(of: world.device)).base64EncodedString()
    bundleId = world.store.catalog.bundleId
    owner = TestWorldOwner(world)
    now = Int(Date().timeIntervalSince1970)
    signer = BearerTokenSigner(
      keyId: Self.keyId, issuerId: Self.issuerId, bundleId: bundleId, privateKey: key)
  }

  /// The built-in default catalog's file, in the workbench's resources.
  static let defaultCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/Workbench/Resources/default-catalog.json").standardizedFileURL

  /// A valid token: issued at ``now``, expiring 5 minutes later (as every library does).
  func validToken() throws -> String {
    try signer.token(issuedAt: now, expiresAt: now + 300)
  }

  /// The router over the world, with the API's answers given.
  func router(
    api: @escaping @Sendable (APIRequest, World) -> APIResponse = AppStoreServerAPI.respond(to:in:),
    bodyLimit: Int = ServerOptions.defaultBodyLimit
  ) -> Router<BasicRequestContext> {
    let time = Date(timeIntervalSince1970: TimeInterval(now))
    return buildRouter(world: owner, options: ServerOptions(bodyLimit: bodyLimit, now: { time }), api: api)
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
