import Catalog
import Crypto
import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// The Retention Messaging API: the configuration endpoints' validation, the cancellation flow's
/// realtime call and what it shows for each answer, and the decoders under it.
@Suite struct RetentionMessagingTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let monthly = "com.example.studio.plus.monthly"
  static let yearly = "com.example.studio.plus.yearly"
  static let keyId = "2X9R4HXF34"
  static let url = "http://127.0.0.1:9/retention"

  let world: World
  let transport = ScriptedTransport()
  let key: P256.Signing.PrivateKey

  init() throws {
    world = World(
      catalog: try CatalogLoader.load(
        path: Self.repository.appendingPathComponent("catalog/offers.json").path),
      log: EventLog(), authorityDirectory: testAuthorityDirectory)
    world.notificationTransport = transport
    let pem = try String(
      contentsOf: Self.repository.appendingPathComponent("scripts/keys/SubscriptionKey_2X9R4HXF34.p8"),
      encoding: .utf8)
    key = try P256.Signing.PrivateKey(pemRepresentation: pem)
    try world.offerKeys.register(keyId: Self.keyId, publicKey: key.publicKey)
    world.offerKeys.clock = .world
    _ = try world.buy(Self.monthly)
  }

  private var account: Account { world.store.account(named: "default")! }

  /// A PNG's bytes with a real IHDR (and any other chunks), each chunk's CRC computed.
  static func png(
    width: UInt32, height: UInt32, colorType: UInt8 = 2, extra: [(String, [UInt8])] = []
  ) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return bytes(UInt32(data.count)) + body + bytes(CRC32.checksum(body))
    }
    func bytes(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    let header = bytes(width) + bytes(height) + [8, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + chunk("IHDR", header)
      + extra.flatMap { chunk($0.0, $0.1) } + chunk("IDAT", [0x78, 0x9c, 0x03, 0x00]) + chunk("IEND", [])
  }

  private func upload(_ id: String, _ bytes: [UInt8], size: String = "FULL_SIZE") -> APIResponse {
    AppStoreServerAPI.respond(
      to: APIRequest(
        method: "PUT", path: "/inApps/v1/messaging/image/\(id)", query: [.init("imageSize", size)],
        body: bytes),
      in: world)
  }

  private func message(_ id: String, _ body: String) -> APIResponse {
    world.call("PUT", "/inApps/v1/messaging/message/\(id)", body: body)
  }

  private func configureMessages() throws {
    #expect(upload("6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001", Self.png(width: 3840, height: 400)).status == 200)
    #expect(
      message("5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001", #"{"header":"Before you go","body":"Keep it."}"#).status
        == 200)
    #expect(
      message("5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0002", #"{"header":"Stay","body":"For less."}"#).status == 200)
    #expect(
      world.call(
        "PUT", "/inApps/v1/messaging/default/\(Self.monthly)/en-US",
        body: #"{"messageIdentifier":"5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"}"#
      ).status == 200)
    #expect(
      world.call("PUT", "/inApps/v1/messaging/realtime/url", body: #"{"realtimeURL":"\#(Self.url)"}"#).status
        == 200)
  }

  private func answer(_ json: String, milliseconds: Int = 20) {
    transport.exchanges.append(.answered(status: 200, body: Array(json.utf8), milliseconds: milliseconds))
  }

  // MARK: Decoders

  @Test func crc32KnownAnswer() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xcbf4_3926)
  }

  @Test func pngHeaderReadsSizeAndTransparency() throws {
    let opaque = try PNGImageHeader(Self.png(width: 3840, height: 400))
    #expect(opaque.width == 3840 && opaque.height == 400 && !opaque.hasTransparency)
    #expect(try PNGImageHeader(Self.png(width: 64, height: 64, colorType: 6)).hasTransparency)
    #expect(
      try PNGImageHeader(Self.png(width: 64, height: 64, colorType: 3, extra: [("tRNS", [0])]))
        .hasTransparency)
  }

  @Test func pngHeaderRefusesDamage() {
    var flipped = Self.png(width: 64, height: 64)
    flipped[18] ^= 0x01
    #expect(throws: PNGImageHeader.Problem.self) { try PNGImageHeader(flipped) }
    #expect(throws: PNGImageHeader.Problem.self) {
      try PNGImageHeader(Array(Self.png(width: 64, height: 64).dropLast(5)))
    }
    #expect(throws: PNGImageHeader.Problem.self) { try PNGImageHeader(Array("GIF89a".utf8)) }
    #expect(throws: PNGImageHeader.Problem.self) { try PNGImageHeader([]) }
  }

  @Test func realtimeReplyNeedsExactlyOneChoice() throws {
    #expect(throws: RealtimeReply.Problem.self) { try RealtimeReply(Array("{}".utf8)) }
    #expect(throws: RealtimeReply.Problem.self) { try RealtimeReply(Array("not json".utf8)) }
    let both =
      #"{"message":{"messageIdentifier":"5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"},"alternateProduct":{"productId":"x"}}"#
    #expect(throws: RealtimeReply.Problem.self) { try RealtimeReply(Array(both.utf8)) }
    #expect(throws: RealtimeReply.Problem.self) {
      try RealtimeReply(Array(#"{"message":{"messageIdentifier":"nope"}}"#.utf8))
    }
    let reply = try RealtimeReply(
      Array(#"{"message":{"messageIdentifier":"5E0F6A52-1D4E-4E0B-9A37-6AE2BC0A0001"}}"#.utf8))
    #expect(reply == .message(messageIdentifier: "5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"))
  }

  @Test func performanceFiguresUseNearestRank() {
    #expect(PerformanceTestRun.summary(of: []) == nil)
    #expect(PerformanceTestRun.summary(of: Array(1...100)) == [50, 50, 90, 95, 99])
    let run = PerformanceTestRun(requestId: "r", config: .scaled(by: 0.01), target: Self.url)
    #expect(run.config.totalRequests == 3 && run.snapshot().status == .pending)
    run.record(.answered(status: 200, body: Array("{}".utf8), milliseconds: 5), threshold: 700)
    run.record(.answered(status: 200, body: Array("{}".utf8), milliseconds: 900), threshold: 700)
    run.record(.answered(status: 503, body: [], milliseconds: 5), threshold: 700)
    let result = run.snapshot()
    #expect(result.status == .fail && result.successRate == 33 && result.numPending == 0)
    #expect(result.failures == [.timedOut: 1, .unsuccessfulHTTPResponseCode: 1])
  }

  // MARK: Configuration endpoints

  @Test func imagesAreCheckedAsApplesAre() throws {
    let id = "6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"
    #expect(try errorCode(upload(id, Array("GIF89a".utf8))) == 4_000_161)
    #expect(try errorCode(upload(id, Self.png(width: 3840, height: 400, colorType: 6))) == 4_000_161)
    #expect(try errorCode(upload(id, Self.png(width: 3000, height: 400))) == 4_000_216)
    #expect(try errorCode(upload(id, Self.png(width: 64, height: 32), size: "BULLET_POINT")) == 4_000_216)
    #expect(try errorCode(upload("not-a-uuid", Self.png(width: 3840, height: 400))) == 4_000_000)
    #expect(upload(id, Self.png(width: 3840, height: 400)).status == 200)
    #expect(try errorCode(upload(id, Self.png(width: 3840, height: 400))) == 4_090_000)
    let list = String(decoding: world.call("GET", "/inApps/v1/messaging/image/list").body, as: UTF8.self)
    #expect(
      list
        == #"{"imageIdentifiers":[{"imageIdentifier":"\#(id)","imageState":"APPROVED","imageSize":"FULL_SIZE"}]}"#
    )
    #expect(
      try errorCode(world.call("DELETE", "/inApps/v1/messaging/image/6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0009"))
        == 4_040_014)
  }

  @Test func messagesAreCheckedAsApplesAre() throws {
    let id = "5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"
    let long = String(repeating: "x", count: 67)
    #expect(try errorCode(message(id, #"{"header":"\#(long)","body":"b"}"#)) == 4_000_162)
    #expect(
      try errorCode(message(id, #"{"header":"h","body":"\#(String(repeating: "x", count: 145))"}"#))
        == 4_000_163)
    #expect(
      try errorCode(message(id, #"{"header":"h","body":"b","headerPosition":"ABOVE_IMAGE"}"#)) == 4_000_224)
    let unknownImage = #"{"imageIdentifier":"6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0009","altText":"a"}"#
    #expect(try errorCode(message(id, #"{"header":"h","body":"b","image":\#(unknownImage)}"#)) == 4_040_014)
    let bullet = #"{"text":"t","imageIdentifier":"6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0009","altText":"a"}"#
    let six = Array(repeating: bullet, count: 6).joined(separator: ",")
    #expect(try errorCode(message(id, #"{"header":"h","body":"b","bulletPoints":[\#(six)]}"#)) == 4_000_218)
    #expect(try errorCode(message(id, #"{"body":"b"}"#)) == 4_000_000)
    #expect(message(id, #"{"header":"h","body":"b"}"#).status == 200)
    #expect(try errorCode(message(id, #"{"header":"h","body":"b"}"#)) == 4_090_001)
  }

  @Test func defaultsNeedAnApprovedMessageOfARenewableProduct() throws {
    world.retention.review = .manual
    let id = "5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"
    #expect(message(id, #"{"header":"h","body":"b"}"#).status == 200)
    let body = #"{"messageIdentifier":"\#(id)"}"#
    #expect(
      try errorCode(
        world.call("PUT", "/inApps/v1/messaging/default/com.example.studio.coins/en-US", body: body))
        == 4_000_023)
    #expect(
      try errorCode(world.call("PUT", "/inApps/v1/messaging/default/\(Self.monthly)/english", body: body))
        == 4_000_164)
    #expect(
      try errorCode(world.call("PUT", "/inApps/v1/messaging/default/\(Self.monthly)/en-US", body: body))
        == 4_030_017)
    _ = try world.retention.decide(id, .approved)
    #expect(world.call("PUT", "/inApps/v1/messaging/default/\(Self.monthly)/en-US", body: body).status == 200)
    let got = String(
      decoding: world.call("GET", "/inApps/v1/messaging/default/\(Self.monthly)/en-US").body, as: UTF8.self)
    #expect(got == #"{"messageIdentifier":"\#(id)"}"#)
    #expect(
      try errorCode(world.call("GET", "/inApps/v1/messaging/default/\(Self.monthly)/fr-FR")) == 4_040_020)
  }

  @Test func realtimeURLIsCheckedAndProductionNeedsAPassedTest() throws {
    #expect(try errorCode(world.call("GET", "/inApps/v1/messaging/realtime/url")) == 4_040_021)
    #expect(
      try errorCode(
        world.call("PUT", "/inApps/v1/messaging/realtime/url", body: #"{"realtimeURL":"ftp://x"}"#))
        == 4_000_215)
    world.environment = .production
    #expect(
      try errorCode(
        world.call("PUT", "/inApps/v1/messaging/realtime/url", body: #"{"realtimeURL":"\#(Self.url)"}"#))
        == 4_030_026)
  }

  @Test func performanceTestNeedsAnOriginalSubscriptionAndASandboxURL() throws {
    let original = try #require(account.history.first).transactionId
    let body = #"{"originalTransactionId":"\#(original)"}"#
    #expect(
      try errorCode(world.call("POST", "/inApps/v1/messaging/performanceTest", body: "{}")) == 4_000_211)
    #expect(
      try errorCode(
        world.call("POST", "/inApps/v1/messaging/performanceTest", body: #"{"originalTransactionId":"9"}"#))
        == 4_040_005)
    #expect(
      try errorCode(world.call("POST", "/inApps/v1/messaging/performanceTest", body: body)) == 4_040_021)
    #expect(try errorCode(world.call("GET", "/inApps/v1/messaging/performanceTest/result/x")) == 4_000_212)
    #expect(
      try errorCode(
        world.call("GET", "/inApps/v1/messaging/performanceTest/result/6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"))
        == 4_040_018)
  }

  // MARK: The cancellation flow

  @Test func theServersMessageIsShownAndTheRequestIsSigned() throws {
    try configureMessages()
    answer(#"{"message":{"messageIdentifier":"5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0002"}}"#)
    let flow = try world.openCancellationFlow(productId: Self.monthly, locale: "en-US", account: account)
    #expect(flow.source == .server && flow.message?.header == "Stay" && flow.choice == .none)
    let sent = try #require(transport.realtimePosts.last)
    #expect(sent.url == Self.url)
    let signed =
      try JSONDecoder().decode([String: String].self, from: Data(sent.body.utf8))["signedPayload"] ?? ""
    struct Decoded: Decodable {
      var originalTransactionId: String
      var appAppleId: Int64
      var productId: String
      var userLocale: String
      var requestIdentifier: String
      var environment: String
    }
    let decoded = try world.verified(Decoded.self, signed)
    #expect(
      decoded.productId == Self.monthly && decoded.userLocale == "en-US" && decoded.environment == "Sandbox")
    #expect(decoded.requestIdentifier == flow.requestIdentifier && decoded.appAppleId == world.appAppleId)
  }

  @Test func aSlowOrWrongAnswerFallsBackToTheDefault() throws {
    try configureMessages()
    for (json, milliseconds, reason) in [
      (#"{"message":{"messageIdentifier":"5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0002"}}"#, 900, "TIMED_OUT"),
      ("[]", 20, "INVALID_RESPONSE"),
      (#"{"advancedCommerceInfo":{}}"#, 20, "Advanced Commerce"),
      (#"{"message":{"messageIdentifier":"5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0009"}}"#, 20, "never uploaded"),
      (#"{"alternateProduct":{"productId":"com.example.studio.pro"}}"#, 20, "not a product of the group"),
    ] {
      answer(json, milliseconds: milliseconds)
      let flow = try world.openCancellationFlow(productId: Self.monthly, locale: "en-US", account: account)
      guard case .defaultMessage(let why) = flow.source else {
        Issue.record("\(json): \(flow.source)")
        continue
      }
      #expect(why.contains(reason), "\(why)")
      #expect(flow.message?.identifier == "5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001")
    }
  }

  @Test func anOfferWhoseSignatureHoldsIsAcceptedAndABadOneRefused() throws {
    try world.store.setClock(to: Date(timeIntervalSince1970: 1_767_916_800))
    try configureMessages()
    let timestamp = "1767913200000"
    func reply(nonce: String, signedProduct: String) throws -> String {
      let message = PromotionalOfferMessage(
        bundleId: "com.example.studio", keyId: Self.keyId, productId: signedProduct, offerId: "plus.comeback",
        appAccountToken: "", nonce: nonce, timestamp: timestamp)
      let signature = try message.signature(with: key)
      return
        #"{"promotionalOffer":{"messageIdentifier":"5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0002","promotionalOfferSignatureV1":{"encodedSignature":"\#(signature)","productId":"\#(Self.monthly)","nonce":"\#(nonce)","timestamp":\#(timestamp),"keyId":"\#(Self.keyId)","offerIdentifier":"plus.comeback"}}}"#
    }
    answer(try reply(nonce: "00000000-0000-4000-8000-000000000001", signedProduct: Self.yearly))
    let refused = try world.openCancellationFlow(productId: Self.monthly, locale: "en-US", account: account)
    guard case .defaultMessage(let why) = refused.source else {
      Issue.record("\(refused.source)")
      return
    }
    #expect(why.contains("signature is refused"), "\(why)")
    answer(try reply(nonce: "00000000-0000-4000-8000-000000000002", signedProduct: Self.monthly))
    let offered = try world.openCancellationFlow(productId: Self.monthly, locale: "en-US", account: account)
    #expect(offered.choice == .promotionalOffer(productId: Self.monthly, offerId: "plus.comeback"))
    try world.answerCancellationFlow(.accept, account: account)
    #expect(world.retention.openFlow == nil)
    let state = try world.store.subscription(for: Self.monthly, account: account)
    #expect(state.pendingOffer?.id == "plus.comeback")
  }

  @Test func cancellingTurnsAutoRenewOff() throws {
    let flow = try world.openCancellationFlow(productId: Self.monthly, locale: nil, account: account)
    guard case .appStorePage(let why) = flow.source else {
      Issue.record("\(flow.source)")
      return
    }
    #expect(why.contains("no realtime URL"))
    #expect(throws: SimulationError.self) { try world.answerCancellationFlow(.accept, account: account) }
    try world.answerCancellationFlow(.cancel, account: account)
    #expect(try world.store.subscription(for: Self.monthly, account: account).isAutoRenewOn == false)
    #expect(throws: SimulationError.self) {
      try world.openCancellationFlow(productId: Self.monthly, locale: nil, account: account)
    }
  }

  @Test func theConfigurationSurvivesASavedWorld() throws {
    try configureMessages()
    world.retention.review = .manual
    let saved = try world.snapshot()
    let copy = try #require(saved.retention)
    let restored = RetentionMessaging()
    try copy.restore(into: restored, at: "retention")
    #expect(restored.images == world.retention.images && restored.messages == world.retention.messages)
    #expect(
      restored.defaults == world.retention.defaults && restored.realtimeURLs == world.retention.realtimeURLs)
    #expect(restored.review == .manual)
  }
}
