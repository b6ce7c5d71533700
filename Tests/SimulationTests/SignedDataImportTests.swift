import Foundation
import Store
import Testing
import Verifier
import X509

@testable import Simulation

@Suite struct SignedDataImportTests {
  let world: World
  let root: Certificate

  init() throws {
    world = try World.customer()
    root = try world.authority().root
  }

  /// The fixtures of genuine Apple-signed data (see Fixtures/AppleSigned/PROVENANCE.md).
  private static func fixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/AppleSigned/\(name)")
    return Array(try Data(contentsOf: url))
  }

  private static func appleRoot() throws -> Certificate {
    try Certificate(derEncoded: fixture("AppleRootCA-G3.cer"))
  }

  private func read(
    _ text: String, roots: [Certificate]? = nil, allowsUnverified: Bool = false
  ) throws(ImportError) -> CustomerData {
    try SignedDataImport.read(
      text, source: "jws customer.json",
      trust: ImportTrust(roots: roots ?? [root], allowsUnverified: allowsUnverified))
  }

  private func failure(_ text: String) -> String {
    importFailure { () throws(ImportError) in try read(text) }
  }

  private func body(_ response: APIResponse) throws -> String {
    #expect(response.status == 200)
    return String(decoding: response.body, as: UTF8.self)
  }

  private func signed(_ record: PurchaseRecord) throws -> String {
    try world.jwsSigner().sign(SignedPayloadFactory(world: world).transaction(record))
  }

  private var rootName: String { root.subject.description }

  @Test func signedTransactionsReadBackToTheWorldsRecordsAndVerifyAgainstItsRoot() throws {
    let history = try world.customerAccount().history
    #expect(history.count == 5)
    let text = try history.map(signed).joined(separator: "\n\n ")
    let data = try read(text)
    #expect(data.transactions.count == history.count)
    for (imported, record) in zip(data.transactions, history) {
      #expect(imported.transactionNumber == record.transactionNumber)
      expectSame(imported, record)
      #expect(imported.priceMilliunits == SignedPayloadFactory.milliunits(record.charged.amount))
      #expect(imported.currency == "USD" && imported.storefront == "USA" && imported.isFamilyShared == false)
    }
    #expect(
      data.transactions.map(\.productType) == [
        .consumable, .nonConsumable, .autoRenewable, .autoRenewable, .autoRenewable,
      ])
    #expect(data.app.bundleId == "com.example.customer" && data.app.environment == .sandbox)
    #expect(data.asOf == world.store.clock.now)
    #expect(
      data.notes == [
        "5 signed transactions, 0 renewal infos, verified at their signed dates: chain ends in \"\(rootName)\""
      ])
  }

  @Test func aServerAPIHistoryPageReadsBackToTheHistory() throws {
    let history = try world.customerAccount().history
    let page = try body(world.call("GET", "/inApps/v2/history/\(history[0].transactionId)"))
    let data = try read(page)
    #expect(data.transactions.map(\.transactionNumber) == history.map(\.transactionNumber))
    for (imported, record) in zip(data.transactions, history) { expectSame(imported, record) }
    #expect(data.notes.first?.hasPrefix("5 signed transactions, 0 renewal infos, verified") == true)
  }

  @Test func aStatusResponseReadsBackToTheRenewalState() throws {
    let monthly = try world.subscription("Pro")
    let weekly = try world.subscription("News")
    let statuses = try body(
      world.call("GET", "/inApps/v1/subscriptions/\(monthly.originalTransactionNumber)"))
    let data = try read(statuses)
    #expect(data.renewals.count == 2 && data.transactions.count == 2)
    let pro = data.renewals.first { $0.originalTransactionNumber == monthly.originalTransactionNumber }
    let news = data.renewals.first { $0.originalTransactionNumber == weekly.originalTransactionNumber }
    expectSame(pro, monthly)
    expectSame(news, weekly)
    #expect(pro?.isInBillingRetry == true && pro?.isAutoRenewOn == true)
    #expect(news?.isAutoRenewOn == false && news?.expirationIntent == .customerCancelled)
    let history = try world.customerAccount().history
    let latestPro = try #require(history.last { $0.productId == "pro.monthly" })
    expectSame(data.transactions.first { $0.transactionNumber == latestPro.transactionNumber }, latestPro)
    #expect(data.transactions.first?.subscriptionGroup != nil)
    #expect(
      data.notes == [
        "2 signed transactions, 2 renewal infos, verified at their signed dates: chain ends in \"\(rootName)\""
      ])
  }

  @Test func notificationBodiesAndBareNotificationsReadBackWithWhatTheyCarry() throws {
    let records = world.notifications.records
    #expect(records.count >= 5)
    let subscribed = try #require(records.first { $0.name.hasPrefix("SUBSCRIBED") })
    let data = try read(#"{"signedPayload":"\#(subscribed.signedPayload)"}"#)
    #expect(data.transactions.count == 1 && data.renewals.count == 1)
    #expect(data.asOf == subscribed.createdDate && data.app.bundleId == "com.example.customer")
    #expect(
      data.notes.first?.hasPrefix(
        "1 notification (\(subscribed.name)), 1 signed transaction, 1 renewal info, verified") == true)

    let all = try read(records.map(\.signedPayload).joined(separator: "\n"))
    let history = try world.customerAccount().history
    let notified = Set(all.transactions.map(\.transactionNumber))
    #expect(notified.isSubset(of: Set(history.map(\.transactionNumber))))
    for record in history where notified.contains(record.transactionNumber) {
      expectSame(all.transactions.first { $0.transactionNumber == record.transactionNumber }, record)
    }
    // The latest signed renewal info of each subscription wins.
    expectSame(all.renewals.first { $0.productId == "pro.monthly" }, try world.subscription("Pro"))
    expectSame(all.renewals.first { $0.productId == "news.weekly" }, try world.subscription("News"))
    #expect(all.asOf == records.map(\.createdDate).max())
    #expect(
      all.notes.first?.hasPrefix(
        "\(records.count) notifications (\(records.map(\.name).joined(separator: ", "))), ") == true)
  }

  @Test func transactionInfoJSONStringsAndArraysAreRead() throws {
    let record = try #require(try world.customerAccount().history.first)
    let info = try read(try body(world.call("GET", "/inApps/v1/transactions/\(record.transactionId)")))
    expectSame(info.transactions.first, record)
    let jws = try signed(record)
    #expect(try read("\"\(jws)\"") == info)
    let twice = try read("[\"\(jws)\", \"\(jws)\"]")
    #expect(twice.transactions.count == 1)
    #expect(twice.notes.first?.hasPrefix("2 signed transactions") == true)
  }

  @Test func dataSignedUnderAnotherRootIsRefusedUnlessUnverifiedIsAllowed() throws {
    let record = try #require(try world.customerAccount().history.first)
    let jws = try signed(record)
    let apple = try Self.appleRoot()
    let refused = importFailure { () throws(ImportError) in try read(jws, roots: [apple]) }
    #expect(refused.hasPrefix("jws customer.json: JWS: untrusted-chain: "))
    #expect(
      refused.hasSuffix(
        "give the root it was signed under with --trust CERT, or import it anyway with --unverified"))
    let accepted = try read(jws, roots: [apple], allowsUnverified: true)
    expectSame(accepted.transactions.first, record)
    #expect(accepted.notes.count == 2)
    #expect(accepted.notes[0] == "1 signed transaction, 0 renewal infos, 1 not verified")
    #expect(accepted.notes[1].hasPrefix("NOT VERIFIED: JWS: untrusted-chain: "))
  }

  @Test func aTamperedSignatureOrPayloadIsRefused() throws {
    let record = try #require(try world.customerAccount().history.first)
    let jws = try signed(record)
    var signature = Array(jws.split(separator: ".")[2])
    signature[10] = signature[10] == "A" ? "B" : "A"
    let tampered = jws.split(separator: ".")[0...1].joined(separator: ".") + "." + String(signature)
    #expect(failure(tampered).hasPrefix("jws customer.json: JWS: signature-mismatch: "))
    let parts = jws.split(separator: ".").map(String.init)
    let json = try #require(Base64.decode(parts[1], .url))
    var payload = try #require(JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    payload["productId"] = "castle.skin.gold"
    let forgedPayload = try JSONSerialization.data(withJSONObject: payload).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    let forged = [parts[0], forgedPayload, parts[2]].joined(separator: ".")
    #expect(failure(forged).hasPrefix("jws customer.json: JWS: signature-mismatch: "))
  }

  /// A payload signed by the world, for payloads storebench never makes.
  private func signedPayload(_ json: String) throws -> String {
    try world.jwsSigner().sign(payloadJSON: Array(json.utf8))
  }

  @Test func malformedDataAtEveryLevelIsAnErrorWithAPathNeverACrash() throws {
    let now = Int64(world.store.clock.now.timeIntervalSince1970 * 1000)
    #expect(failure("  \n") == "jws customer.json: is empty: no signed data")
    #expect(failure("{\"signedPayload\": ").hasPrefix("jws customer.json: not JSON: "))
    #expect(
      failure("7") == "jws customer.json: JWS: not a compact JWS (expected 3 dot-separated segments, found 1)"
    )
    #expect(failure("[1]") == "jws customer.json: [0]: expected a string, found 1")
    #expect(failure(#"{"revision": "x"}"#).hasPrefix("jws customer.json: the document: holds no signed data"))
    #expect(
      failure(#"{"signedTransactions": "x"}"#)
        == "jws customer.json: signedTransactions: expected an array, found \"x\"")
    #expect(
      failure(#"{"data": [{"lastTransactions": [{}]}]}"#)
        == "jws customer.json: data[0].lastTransactions[0].signedTransactionInfo: missing")
    #expect(
      failure("abc.def")
        == "jws customer.json: JWS: not a compact JWS (expected 3 dot-separated segments, found 2)")
    #expect(failure("eyJ.!!!.sig") == "jws customer.json: JWS: the payload segment is not unpadded base64url")
    #expect(failure("eyJ.bm90IGpzb24.sig").hasPrefix("jws customer.json: JWS: the payload is not JSON ("))
    #expect(failure("eyJ.WzFd.sig") == "jws customer.json: JWS payload: expected an object, found an array")
    #expect(
      failure(try signedPayload(#"{"transactionId":"1"}"#))
        == "jws customer.json: JWS payload.signedDate: missing")
    #expect(
      failure(try signedPayload(#"{"signedDate":\#(now)}"#)).hasPrefix(
        "jws customer.json: JWS payload: is none of a transaction"))
    let badType = try signedPayload(
      #"{"transactionId":"5","originalTransactionId":"5","productId":"p","purchaseDate":\#(now),"originalPurchaseDate":\#(now),"type":"Gift","signedDate":\#(now)}"#
    )
    #expect(
      failure(badType).hasPrefix(
        "jws customer.json: JWS payload.type: expected Auto-Renewable Subscription, Non-Consumable"))
    let badId = try signedPayload(#"{"transactionId":"five","signedDate":\#(now)}"#)
    #expect(
      failure(badId)
        == "jws customer.json: JWS payload.transactionId: expected a whole number, found \"five\"")
    let badRenewal = try signedPayload(
      #"{"originalTransactionId":"5","autoRenewStatus":7,"signedDate":\#(now)}"#)
    #expect(
      failure(badRenewal)
        == "jws customer.json: JWS payload.autoRenewStatus: expected true, false, 1 or 0, found 7")
    let nested = try signedPayload(
      #"{"notificationType":"DID_RENEW","data":{"bundleId":"com.example.customer","environment":"Sandbox","signedTransactionInfo":"x.y"},"signedDate":\#(now)}"#
    )
    #expect(
      failure(#"{"signedPayload":"\#(nested)"}"#)
        == "jws customer.json: signedPayload.data.signedTransactionInfo: not a compact JWS (expected 3 dot-separated segments, found 2)"
    )
    let otherApp = try signedPayload(
      #"{"notificationType":"TEST","data":{"bundleId":"com.example.other"},"signedDate":\#(now)}"#)
    let record = try #require(try world.customerAccount().history.first)
    #expect(
      failure(try signed(record) + "\n d.e")
        == "jws customer.json: JWS #2: not a compact JWS (expected 3 dot-separated segments, found 2)")
    #expect(
      failure(try signed(record) + " " + otherApp).contains(
        "JWS #2 payload.data: is for app com.example.other, but earlier data is for com.example.customer"))
  }

  @Test func genuineAppleSignedDataVerifiesAgainstApplesRootAtItsSignedDate() throws {
    let transaction = String(
      decoding: try Self.fixture("goodheartapp-consumable-transaction.jws"), as: UTF8.self)
    let renewal = String(decoding: try Self.fixture("go-iap-renewal-info.jws"), as: UTF8.self)
    let data = try read(transaction + renewal, roots: [try Self.appleRoot()])
    #expect(
      data.notes == [
        "1 signed transaction, 1 renewal info, verified at their signed dates: chain ends in \"C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3\""
      ])
    let bought = try #require(data.transactions.first)
    #expect(
      bought.transactionNumber == 2_000_000_847_061_981
        && bought.originalTransactionNumber == 2_000_000_847_061_981)
    #expect(
      bought.productId == "gh_super_good_ticket_1" && bought.productType == .consumable
        && bought.quantity == 1)
    #expect(bought.purchaseDate == Date(timeIntervalSince1970: 1_738_645_560))
    #expect(bought.originalPurchaseDate == bought.purchaseDate && bought.expiresDate == nil)
    #expect(bought.storefront == "JPN" && bought.priceMilliunits == 230_000 && bought.currency == "JPY")
    #expect(bought.isFamilyShared == false)
    #expect(data.app.bundleId == "com.goodheartapp" && data.app.environment == .sandbox)
    let renews = try #require(data.renewals.first)
    #expect(renews.originalTransactionNumber == 2_000_000_335_310_644 && renews.isAutoRenewOn == true)
    #expect(
      renews.productId == "co.ringalarm.swtich.quarterly2" && renews.autoRenewProductId == renews.productId)
    #expect(data.asOf == Date(timeIntervalSince1970: 1_739_161_772.561))

    // Not under storebench's root; and Apple's leaf has long expired, so only its signed date works.
    #expect(
      importFailure { () throws(ImportError) in try read(transaction) }.contains("JWS: untrusted-chain: "))
    let compact = transaction.trimmingCharacters(in: .whitespacesAndNewlines)
    let verifier = JWSVerifier(trustedRoots: [try Self.appleRoot()])
    #expect(throws: VerificationFailure.self) {
      try verifier.verify(compact, at: Date(timeIntervalSince1970: 1_800_000_000))
    }
    #expect(
      try verifier.verify(compact, at: Date(timeIntervalSince1970: 1_739_161_772)).chain.root
        == Self.appleRoot())
  }
}
