import Catalog
import Foundation
import Observer
import Queue
import Store
import SwiftASN1
import Testing
import Verifier
import X509

@testable import Simulation

/// `import receipt`'s reader: storebench's own receipts read back to the world's records, and
/// genuine Apple-signed receipts verify against Apple's root at their creation date.
@Suite struct ReceiptImportTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  // MARK: storebench's own receipts

  /// A consumable (left unfinished, so the receipt keeps it), a non-consumable and a monthly
  /// subscription renewed twice; the device's receipt written afresh and signed.
  private func customerReceipt() throws -> [UInt8] {
    _ = world.device.queue.removeObserver(named: "app")
    world.device.addObserver(named: "app", policy: try #require(preset("never-finish")))
    _ = try world.buy("coins.100")
    _ = try world.buy("level.pack")
    _ = try world.buy("pro.monthly")
    _ = try world.advanceClock(by: TimeSpan(months: 2))
    world.refreshReceipt(of: world.device)
    return try world.signedReceipt(of: world.device)
  }

  private func preset(_ name: String) -> ObserverPolicy? {
    ObserverPolicy.presets.first { $0.name == name }?.policy
  }

  private func ownTrust(allowsUnverified: Bool = false) throws -> ImportTrust {
    ImportTrust(roots: [try world.authority().root], allowsUnverified: allowsUnverified)
  }

  @Test func ownReceiptReadsBackToTheWorldsRecords() throws {
    let bytes = try customerReceipt()
    let data = try ReceiptImport.read(bytes, source: "receipt customer.b64", trust: try ownTrust())
    let account = world.device.queue.account!
    let records = account.history.filter { $0.reason != .redownload }
    #expect(records.count == 5, "a consumable, a non-consumable, a subscription and two renewals")
    #expect(Set(records.map(\.productType)) == [.consumable, .nonConsumable, .autoRenewable])
    #expect(data.transactions.count == records.count)
    let imported = Dictionary(uniqueKeysWithValues: data.transactions.map { ($0.transactionNumber, $0) })
    for record in records {
      let transaction = try #require(imported[record.transactionNumber], "\(record.transactionId)")
      #expect(transaction == expected(record))
    }
    #expect(data.source == "receipt customer.b64")
    #expect(data.asOf == world.store.clock.now)
    #expect(data.app.bundleId == world.store.catalog.bundleId)
    #expect(data.app.applicationVersion == world.store.catalog.appVersion)
    #expect(data.app.originalApplicationVersion == "1.0")
    #expect(data.app.originalPurchaseDate == World.sandboxOriginalPurchaseDate)
    #expect(data.app.environment == .sandbox)
    #expect(data.app.appAppleId == 0)
    #expect(data.renewals.isEmpty)
    #expect(
      data.notes == [
        "signature verified at \(Timestamp.iso8601(world.store.clock.now)): chain ends in \"storebench Root CA\""
      ])
  }

  /// What a receipt shows of a record: no storefront, price or ownership; the intro flag only for
  /// subscriptions.
  private func expected(_ record: PurchaseRecord) -> CustomerTransaction {
    CustomerTransaction(receiptOf: record)
  }

  @Test func aProductionWorldsReceiptSaysProduction() throws {
    world.environment = .production
    _ = try world.buy("level.pack")
    let data = try ReceiptImport.read(
      try world.signedReceipt(of: world.device), source: "r", trust: try ownTrust())
    #expect(data.app.environment == .production)
    #expect(data.app.originalApplicationVersion == world.store.catalog.appVersion)
    #expect(data.transactions.map(\.productId) == ["level.pack"])
  }

  @Test func wrongRootsAreRefusedNamingTheFix() throws {
    let bytes = try customerReceipt()
    let trust = ImportTrust(roots: [try Apple.certificate("AppleIncRootCertificate.cer")])
    let error = try #require(throws: ImportError.self) {
      try ReceiptImport.read(bytes, source: "receipt c.b64", trust: trust)
    }
    #expect(error.description.hasPrefix("receipt c.b64: the receipt's signature does not verify"))
    #expect(error.description.contains("untrusted-chain"))
    #expect(error.description.contains("--trust CERT") && error.description.contains("--unverified"))
    let noRoots = try #require(throws: ImportError.self) {
      try ReceiptImport.read(bytes, source: "r", trust: ImportTrust(roots: []))
    }
    #expect(noRoots.description.contains("--trust CERT"))
  }

  @Test func unverifiedImportsSayingSo() throws {
    let bytes = try customerReceipt()
    let apple = try Apple.certificate("AppleIncRootCertificate.cer")
    let data = try ReceiptImport.read(
      bytes, source: "r", trust: ImportTrust(roots: [apple], allowsUnverified: true))
    let note = try #require(data.notes.first)
    #expect(note.hasPrefix("NOT VERIFIED: untrusted-chain: "))
    #expect(data.transactions.count == 5)
    let verified = try ReceiptImport.read(bytes, source: "r", trust: try ownTrust())
    #expect(
      data.transactions == verified.transactions && data.app == verified.app && data.asOf == verified.asOf)
  }

  @Test func aTamperedByteIsRefused() throws {
    var bytes = try customerReceipt()
    let productId = Array("level.pack".utf8)
    let start = try #require(
      bytes.indices.first { bytes[$0...].starts(with: productId) }, "the payload names level.pack")
    bytes[start] = UInt8(ascii: "b")  // "bevel.pack": still a well-formed receipt
    let error = try #require(throws: ImportError.self) {
      try ReceiptImport.read(bytes, source: "r", trust: try ownTrust())
    }
    #expect(error.description.contains("signature-mismatch"))
    let anyway = try ReceiptImport.read(bytes, source: "r", trust: try ownTrust(allowsUnverified: true))
    #expect(anyway.notes.first?.hasPrefix("NOT VERIFIED: signature-mismatch") == true)
    #expect(anyway.transactions.contains { $0.productId == "bevel.pack" })
  }

  @Test func truncatedOrGarbageBytesAreErrorsNotCrashes() throws {
    let bytes = try customerReceipt()
    let trust = try ownTrust(allowsUnverified: true)
    for length in stride(from: 0, to: bytes.count, by: 97) {
      let error = try #require(throws: ImportError.self) {
        try ReceiptImport.read(Array(bytes.prefix(length)), source: "r", trust: trust)
      }
      #expect(error.description.hasPrefix("r: not an app receipt: "), "\(length) bytes")
    }
    for garbage in [
      [], Array("not a receipt at all".utf8), [0x30, 0x80], [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF],
    ] {
      #expect(throws: ImportError.self) { try ReceiptImport.read(garbage, source: "r", trust: trust) }
    }
  }

  /// A receipt storebench signs after changing its decoded payload.
  private func signed(_ change: (inout AppReceipt) -> Void) throws -> [UInt8] {
    _ = try world.buy("pro.monthly")
    _ = try world.advanceClock(by: TimeSpan(months: 3))
    world.refreshReceipt(of: world.device)
    var receipt = try world.receipt(of: world.device)
    change(&receipt)
    return try ReceiptEncoder(authority: try world.authority()).encode(receipt)
  }

  @Test func transactionIdsThatAreNotDecimalNumbersAreRefused() throws {
    for id in ["abc", "12 34", "+1234", "", "-5", "123456789012345678901234"] {
      let bytes = try signed { $0.inAppPurchases[1].transactionId = id }
      let error = try #require(throws: ImportError.self) {
        try ReceiptImport.read(bytes, source: "receipt odd.der", trust: try ownTrust())
      }
      #expect(error.description.hasPrefix("receipt odd.der: in-app entry "), "\(id)")
      #expect(
        error.description.contains("(pro.monthly): transaction_id \"\(id)\" is not a decimal number"), "\(id)"
      )
    }
    let original = try signed { $0.inAppPurchases[0].originalTransactionId = "x1" }
    #expect(throws: ImportError.self) { try ReceiptImport.read(original, source: "r", trust: try ownTrust()) }
  }

  @Test func odditiesAreKeptAndNotedOnce() throws {
    var changed: AppReceipt?
    let bytes = try signed { receipt in
      receipt.inAppPurchases.append(receipt.inAppPurchases[1])  // repeated as it was
      for index in 0..<3 {
        receipt.inAppPurchases[index].originalPurchaseDate =
          receipt.inAppPurchases[index].purchaseDate.addingTimeInterval(86_400)
      }
      changed = receipt
    }
    let data = try ReceiptImport.read(bytes, source: "r", trust: try ownTrust())
    let receipt = try #require(changed)
    #expect(data.transactions.count == receipt.inAppPurchases.count)
    #expect(data.transactions.filter { $0.originalPurchaseDate > $0.purchaseDate }.count == 3)
    #expect(
      Array(data.notes.dropFirst()) == [
        "3 entries have an original purchase date after their purchase date",
        "1 entry has a transaction id an earlier entry already has",
      ])
  }

  // MARK: genuine Apple-signed receipts

  /// A genuine receipt read with Apple's root, checking that it verified at its creation date.
  private func appleReceipt(_ file: String, createdAt creation: String) throws -> CustomerData {
    let data = try ReceiptImport.read(
      try Apple.receipt(file), source: "receipt \(file)",
      trust: ImportTrust(roots: [try Apple.certificate("AppleIncRootCertificate.cer")]))
    #expect(data.asOf == Timestamp.parse(creation))
    #expect(data.notes.first == "signature verified at \(creation): chain ends in \"Apple Root CA\"")
    return data
  }

  @Test(arguments: Apple.receipts)
  func genuineReceiptsDoNotVerifyAgainstOtherRoots(_ file: String) throws {
    let bytes = try Apple.receipt(file)
    for roots in [[try world.authority().root], [try Apple.certificate("AppleRootCA-G3.cer")]] {
      let error = try #require(throws: ImportError.self) {
        try ReceiptImport.read(bytes, source: "r", trust: ImportTrust(roots: roots))
      }
      #expect(error.description.contains("untrusted-chain") && error.description.contains("--trust CERT"))
    }
    let anyway = try ReceiptImport.read(
      bytes, source: "r", trust: ImportTrust(roots: [try world.authority().root], allowsUnverified: true))
    #expect(anyway.notes.first?.hasPrefix("NOT VERIFIED: untrusted-chain") == true)
  }

  @Test(arguments: Apple.receipts)
  func genuineReceiptsVerifyOnlyAtTheirCreationDate(_ file: String) throws {
    let signed = try SignedReceipt(berEncoded: try Apple.receipt(file))
    let creation = try ReceiptDecoder().decode(signed).creationDate
    let verifier = ReceiptVerifier(trustedRoots: [try Apple.certificate("AppleIncRootCertificate.cer")])
    let chain = try verifier.verifySignature(of: signed, at: creation)
    #expect(chain.root.subject.commonName == "Apple Root CA")
    #expect(chain.intermediate.subject.commonName.hasPrefix("Apple Worldwide Developer Relations"))
    #expect(chain.leaf.subject.commonName.hasPrefix("Mac App Store"))
    let later = try #require(Timestamp.parse("2036-01-01T00:00:00Z"))
    #expect(throws: VerificationFailure.self) { try verifier.verifySignature(of: signed, at: later) }
  }

  @Test func productionSubscriptionReceipt() throws {
    let data = try appleReceipt("tpinappreceipt-production.b64", createdAt: "2024-02-23T17:27:16Z")
    #expect(data.app.bundleId == "org.getpure.pure-iphone")
    #expect(data.app.environment == .production && data.app.appAppleId == 690_661_663)
    #expect(data.app.applicationVersion == "15741" && data.app.originalApplicationVersion == "434")
    #expect(data.app.originalPurchaseDate == Timestamp.parse("2016-08-16T15:15:43Z"))
    #expect(
      data.transactions.map(\.transactionNumber) == [
        340_001_196_262_039, 340_001_237_736_590, 340_001_264_290_434, 340_001_311_555_626,
      ])
    #expect(data.transactions.allSatisfy { $0.originalTransactionNumber == 340_001_196_262_039 })
    #expect(
      data.transactions.map(\.productId) == [
        "org.getpure.pure.Week", "org.getpure.pure.Month", "org.getpure.pure.Month", "org.getpure.pure.Month",
      ])
    #expect(data.transactions.allSatisfy { $0.productType == .autoRenewable && $0.cancellationDate == nil })
    let first = try #require(data.transactions.first)
    #expect(first.purchaseDate == Timestamp.parse("2023-05-09T23:20:55Z"))
    #expect(first.originalPurchaseDate == Timestamp.parse("2023-05-09T23:20:57Z"))
    #expect(first.expiresDate == Timestamp.parse("2023-05-16T23:20:55Z"))
    #expect(first.webOrderLineItemNumber == 340_000_558_053_130)
    #expect(
      first.isTrialPeriod == false && first.isInIntroOfferPeriod == false && first.promotionalOfferId == nil)
    let last = try #require(data.transactions.last)
    #expect(last.expiresDate == Timestamp.parse("2023-10-19T23:26:23Z"))
    #expect(last.promotionalOfferId == "org.getpure.pure.Month.Offer.3M.PayToGo")
    #expect(data.notes.dropFirst() == ["1 entry has an original purchase date after its purchase date"])
  }

  @Test func legacySandboxReceiptWithHundredsOfEntries() throws {
    let data = try appleReceipt("tpinappreceipt-sandbox-legacy.b64", createdAt: "2020-05-06T18:28:49Z")
    #expect(data.app.bundleId == "com.nutcall.alert" && data.app.environment == .sandbox)
    #expect(data.app.appAppleId == 0 && data.app.applicationVersion == "32")
    #expect(data.transactions.count == 187)
    let counts = Dictionary(grouping: data.transactions, by: \.productId).mapValues(\.count)
    #expect(
      counts == [
        "com.nutcallalert.inapp.optimum": 116, "com.nutcallalert.inapp.pro": 39,
        "com.nutcallalert.inapp.lite": 32,
      ])
    let first = try #require(data.transactions.first)
    #expect(
      first.transactionNumber == 1_000_000_637_840_752
        && first.originalTransactionNumber == 1_000_000_603_177_571)
    #expect(first.purchaseDate == Timestamp.parse("2019-12-10T12:54:58Z"))
    #expect(
      first.originalPurchaseDate == Timestamp.parse("2020-03-11T14:25:26Z"), "after the purchase date, kept")
    #expect(first.expiresDate == Timestamp.parse("2019-12-10T12:59:58Z"))
    let last = try #require(data.transactions.last)
    #expect(last.transactionNumber == 1_000_000_637_840_616 && last.isTrialPeriod == true)
    #expect(data.transactions.filter { $0.isTrialPeriod == true }.count == 1)
    #expect(
      data.notes.dropFirst() == ["181 entries have an original purchase date after their purchase date"])
  }

  @Test func olderSandboxReceiptWithAConsumable() throws {
    let data = try appleReceipt(
      "appreceiptvalidator-grandUnified-sandbox.b64", createdAt: "2015-08-13T07:50:46Z")
    #expect(data.app.bundleId == "com.mbaasy.ios.demo" && data.app.environment == .sandbox)
    #expect(data.transactions.map(\.productId) == ["consumable"] + Array(repeating: "monthly", count: 6))
    let consumable = try #require(data.transactions.first)
    #expect(consumable.productType == .consumable && consumable.expiresDate == nil)
    #expect(consumable.transactionNumber == 1_000_000_166_865_231)
    #expect(consumable.purchaseDate == Timestamp.parse("2015-08-07T20:37:55Z"))
    let renewal = data.transactions[2]
    #expect(
      renewal.transactionNumber == 1_000_000_166_965_327
        && renewal.originalTransactionNumber == 1_000_000_166_965_150)
    #expect(renewal.expiresDate == Timestamp.parse("2015-08-10T06:59:32Z"))
    #expect(renewal.webOrderLineItemNumber == 1_000_000_030_274_154)
  }

  @Test func macReceiptOfTheAppAlone() throws {
    let data = try appleReceipt(
      "appreceiptvalidator-mindnode-mac-app-only.der", createdAt: "2023-02-22T12:56:25Z")
    #expect(data.app.bundleId == "com.ideasoncanvas.MindNodeMac" && data.app.environment == .production)
    #expect(data.app.appAppleId == 992_076_693)
    #expect(data.app.applicationVersion == "2.5.8" && data.app.originalApplicationVersion == "2.5.5")
    #expect(data.app.originalPurchaseDate == Timestamp.parse("2017-09-04T09:01:19Z"))
    #expect(data.transactions.isEmpty && data.notes.count == 1)
  }

  @Test func macReceiptWithNonConsumablesAndATrial() throws {
    let data = try appleReceipt(
      "appreceiptvalidator-mindnode-mac-sha256.der", createdAt: "2023-08-28T10:24:05Z")
    #expect(data.app.bundleId == "com.ideasoncanvas.mindnode.macos" && data.app.appAppleId == 1_289_197_285)
    #expect(data.transactions.map(\.productType) == [.nonConsumable, .nonConsumable, .autoRenewable])
    #expect(
      data.transactions.map(\.transactionNumber) == [
        710_000_250_371_060, 710_000_253_893_482, 710_000_831_465_389,
      ])
    let yearly = try #require(data.transactions.last)
    #expect(yearly.productId == "com.ideasoncanvas.mindnode.macos.subscription.yearly")
    #expect(yearly.isTrialPeriod == true && yearly.expiresDate == Timestamp.parse("2022-09-24T12:37:29Z"))
  }

  @Test func indefiniteLengthBERStillVerifies() throws {
    let der = try Apple.receipt("tpinappreceipt-production.b64")
    let ber = try Apple.indefiniteLengthBER(der)
    #expect(ber != der && ber.count > der.count)
    #expect(Array(ber.prefix(2)) == [0x30, 0x80])
    let fromDER = try appleReceipt("tpinappreceipt-production.b64", createdAt: "2024-02-23T17:27:16Z")
    let fromBER = try ReceiptImport.read(
      ber, source: "receipt tpinappreceipt-production.b64",
      trust: ImportTrust(roots: [try Apple.certificate("AppleIncRootCertificate.cer")]))
    #expect(fromBER == fromDER)
  }
}

/// The genuine Apple-signed files under `Fixtures/Apple` (see PROVENANCE.md there).
enum Apple {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Apple")

  static let receipts = [
    "tpinappreceipt-production.b64", "tpinappreceipt-sandbox-legacy.b64",
    "appreceiptvalidator-grandUnified-sandbox.b64", "appreceiptvalidator-mindnode-mac-app-only.der",
    "appreceiptvalidator-mindnode-mac-sha256.der",
  ]

  struct Unreadable: Error {
    let file: String
  }

  static func bytes(_ file: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(file)))
  }

  /// A receipt's DER bytes; `.b64` files hold base64, perhaps with line breaks.
  static func receipt(_ file: String) throws -> [UInt8] {
    let raw = try bytes(file)
    guard file.hasSuffix(".b64") else { return raw }
    guard let data = Data(base64Encoded: Data(raw), options: .ignoreUnknownCharacters) else {
      throw Unreadable(file: file)
    }
    return Array(data)
  }

  static func certificate(_ file: String) throws -> Certificate {
    try Certificate(derEncoded: try bytes(file))
  }

  /// The receipt re-wrapped as BER, as some writers send it: the ContentInfo, SignedData,
  /// EncapsulatedContentInfo and certificate set with indefinite lengths, and the eContent as a
  /// constructed OCTET STRING of 512-byte chunks. The payload bytes, which the signature covers,
  /// and the certificates stay as Apple wrote them.
  static func indefiniteLengthBER(_ der: [UInt8]) throws -> [UInt8] {
    let contentInfo = try DER.parse(der)
    guard case .constructed(let top) = contentInfo.content else { throw Unreadable(file: "ContentInfo") }
    let parts = Array(top)
    guard parts.count == 2, case .constructed(let wrapper) = parts[1].content,
      let signedData = Array(wrapper).first, case .constructed(let fields) = signedData.content
    else { throw Unreadable(file: "SignedData") }
    var rewritten: [[UInt8]] = []
    for field in fields {
      if field.identifier == .sequence, case .constructed(let encapsulated) = field.content {
        rewritten.append(try indefinite(0x30, try Array(encapsulated).map(encapsulatedPart)))
      } else if field.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific),
        case .constructed(let certificates) = field.content
      {
        rewritten.append(indefinite(0xA0, certificates.map { Array($0.encodedBytes) }))
      } else {
        rewritten.append(Array(field.encodedBytes))
      }
    }
    return indefinite(
      0x30, [Array(parts[0].encodedBytes), indefinite(0xA0, [indefinite(0x30, rewritten)])])
  }

  private static func encapsulatedPart(_ node: ASN1Node) throws -> [UInt8] {
    guard node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific),
      case .constructed(let inner) = node.content, let octets = Array(inner).first,
      case .primitive(let payload) = octets.content
    else { return Array(node.encodedBytes) }
    let chunks = stride(from: payload.startIndex, to: payload.endIndex, by: 512).map { start in
      definite(0x04, Array(payload[start..<min(start + 512, payload.endIndex)]))
    }
    return indefinite(0xA0, [indefinite(0x24, chunks)])
  }

  private static func indefinite(_ tag: UInt8, _ children: [[UInt8]]) -> [UInt8] {
    [tag, 0x80] + children.joined() + [0x00, 0x00]
  }

  private static func definite(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let length = content.count
    let header: [UInt8] = length < 0x80 ? [UInt8(length)] : [0x82, UInt8(length >> 8), UInt8(length & 0xFF)]
    return [tag] + header + content
  }
}
