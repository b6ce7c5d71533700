import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// verifyReceipt answers are kept while the world stands still, and only then.
@Suite struct VerifyReceiptAnswerCacheTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  private func post(_ body: [UInt8]) -> String {
    String(
      decoding: VerifyReceiptEndpoint.respond(toBody: body, face: .sandbox, in: world).body, as: UTF8.self)
  }

  private func body() throws -> [UInt8] {
    let receipt = Data(try world.signedReceipt(of: world.device)).base64EncodedString()
    return Array(#"{"receipt-data":"\#(receipt)"}"#.utf8)
  }

  @Test func theSameBodyGetsTheSameAnswerUntilTheWorldChanges() throws {
    _ = try world.buy("level.pack")
    let body = try body()
    let first = post(body)
    #expect(post(body) == first)
    #expect(first.hasSuffix(#""status":0}"#))
    try world.store.deleteAccount(named: "default")
    #expect(post(body) == first, "kept: nothing said the world changed")
    world.noteChange()
    #expect(post(body).contains(#""status":21010"#))
  }

  @Test func anAnswerIsKeptForOneInstantOfTheClock() throws {
    _ = try world.buy("pro.monthly")
    let body = try body()
    let first = post(body)
    try world.advanceClock(by: TimeSpan(months: 2))
    let later = post(body)
    #expect(later != first)
    #expect(later.contains("\"expires_date_ms\""))
  }

  @Test func aChangingRequestToTheServerAPIDropsTheAnswers() throws {
    let bought = try #require(try world.buy("coins.100").record)
    let body = try body()
    _ = post(body)
    #expect(world.verifyReceiptAnswers.count == 1)
    _ = AppStoreServerAPI.respond(
      to: APIRequest(method: "POST", path: "/inApps/v1/transactions/\(bought.transactionNumber)/finish"),
      in: world)
    #expect(world.verifyReceiptAnswers.count == 0)
    _ = post(body)
    _ = AppStoreServerAPI.respond(
      to: APIRequest(method: "GET", path: "/inApps/v1/transactions/\(bought.transactionNumber)"), in: world)
    #expect(world.verifyReceiptAnswers.count == 1)
  }
}
