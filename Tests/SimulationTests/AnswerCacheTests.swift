import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// The world's caches of verified receipts and signed tokens give the answers the work they spare
/// would give, and are not used once the authority, the clock or the record has changed.
@Suite struct AnswerCacheTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  private func verifyReceipt() throws -> VerifyReceiptService.Response {
    let receipt = Array(Data(try world.signedReceipt(of: world.device)).base64EncodedString().utf8)
    return try world.withOneAuthority {
      try VerifyReceiptService(world: world).verify(
        .init(receiptData: receipt, password: nil, endpoint: .sandbox, excludeOldTransactions: false))
    }
  }

  private func signedTransaction(_ id: String) throws -> String {
    try world.decode(TransactionInfoResponse.self, world.call("GET", "/inApps/v1/transactions/\(id)"))
      .signedTransactionInfo
  }

  @Test func aReceiptPostedAgainGetsTheSameAnswerFromOneVerification() throws {
    _ = try world.buy("pro.monthly")
    let first = try verifyReceipt()
    #expect(first.status == 0 && world.verifiedReceipts.count == 1)
    let second = try verifyReceipt()
    #expect(second.status == 0 && world.verifiedReceipts.count == 1)
    #expect(second.receipt == first.receipt && second.body == first.body)
    _ = try world.buy("level.pack")
    #expect(try verifyReceipt().receipt?.inAppPurchases.count == 2)
    #expect(world.verifiedReceipts.count == 2, "new receipt bytes are verified")
  }

  @Test func aReceiptVerifiedBeforeCaRotateIsVerifiedAgainAndRefused() throws {
    defer { world.removePrivateAuthority() }
    _ = try world.buy("pro.monthly")
    let bytes = try world.signedReceipt(of: world.device)
    let oldRoot = try world.authority().root
    #expect(
      try world.verifiedReceipts.verify(bytes, trustedRoot: oldRoot, at: world.store.clock.now).bundleId
        == "com.example.storebench")
    world.rotatesPrivately = true
    let newRoot = try world.rotateAuthority().root
    #expect(throws: VerificationFailure.self) {
      try world.verifiedReceipts.verify(bytes, trustedRoot: newRoot, at: world.store.clock.now)
    }
    let answer = try VerifyReceiptService(world: world).verify(
      .init(receiptData: bytes, password: nil, endpoint: .sandbox, excludeOldTransactions: false))
    #expect(answer.status == 21003)
  }

  @Test func aReceiptIsNotAcceptedFromTheCacheOutsideItsChainsValidity() throws {
    _ = try world.buy("pro.monthly")
    let bytes = try world.signedReceipt(of: world.device)
    let root = try world.authority().root
    let verified = try ReceiptVerifier(trustedRoots: [root]).verifyWithChain(bytes, at: world.store.clock.now)
    _ = try world.verifiedReceipts.verify(bytes, trustedRoot: root, at: world.store.clock.now)
    let late = verified.chain.notValidAfter.addingTimeInterval(1)
    let early = verified.chain.notValidBefore.addingTimeInterval(-1)
    for time in [late, early] {
      #expect {
        try world.verifiedReceipts.verify(bytes, trustedRoot: root, at: time)
      } throws: { error in
        (error as? VerificationFailure)?.check == .certificateValidity
      }
    }
  }

  @Test func getTransactionInfoGivesTheSameTokenUntilTheClockOrTheRecordChanges() throws {
    let bought = try world.buy("pro.monthly")
    let id = try #require(bought.record?.transactionId)
    let first = try signedTransaction(id)
    #expect(try signedTransaction(id) == first, "the same payload is not signed again")
    try world.advanceClock(by: TimeSpan(seconds: 1))
    let later = try signedTransaction(id)
    #expect(later != first)
    let firstPayload = try world.verified(JWSTransactionDecodedPayload.self, first)
    let laterPayload = try world.verified(JWSTransactionDecodedPayload.self, later)
    #expect(laterPayload.signedDate == firstPayload.signedDate?.addingTimeInterval(1))
    let record = try #require(bought.record)
    try world.store.refund(
      transactionNumber: try #require(UInt64(id)), reason: .other,
      account: try #require(world.store.account(named: "default")))
    let refunded = try world.verified(JWSTransactionDecodedPayload.self, try signedTransaction(id))
    #expect(refunded.revocationDate != nil && refunded.productId == record.productId)
    #expect(refunded.signedDate == laterPayload.signedDate, "the clock stood still; the record changed")
  }

  @Test func getTransactionInfoSignsAgainAfterCaRotate() throws {
    defer { world.removePrivateAuthority() }
    let bought = try world.buy("level.pack")
    let id = try #require(bought.record?.transactionId)
    let oldRoot = try world.authority().root
    let first = try signedTransaction(id)
    world.rotatesPrivately = true
    try world.rotateAuthority()
    let second = try signedTransaction(id)
    #expect(second != first)
    #expect(throws: VerificationFailure.self) {
      try JWSVerifier(trustedRoots: [oldRoot]).verify(
        second, as: JWSTransactionDecodedPayload.self, at: world.store.clock.now)
    }
    #expect(try world.verified(JWSTransactionDecodedPayload.self, second).transactionId == id)
  }

  @Test func aBoundedCacheDropsItsOldestKeyFirst() {
    var cache = BoundedCache<Int, String>(capacity: 3)
    for key in 1...3 { cache.insert("\(key)", for: key) }
    cache.insert("one", for: 1)
    #expect(cache.count == 3 && cache[1] == "one", "replacing a value keeps its place")
    cache.insert("4", for: 4)
    cache.insert("5", for: 5)
    #expect(cache[1] == nil && cache[2] == nil && cache[3] == "3" && cache[4] == "4" && cache[5] == "5")
    cache.removeAll()
    #expect(cache.count == 0 && cache[3] == nil)
  }
}
