import Foundation
import Verifier
import X509

/// Values shared by the tests, built once: creating a certificate authority generates an RSA key,
/// which is slow in debug builds.
enum Fixtures {
  /// The virtual clock's time in these tests: 2023-11-14T22:13:20Z.
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// A fresh temporary directory for one test.
  static func temporaryDirectory(_ name: String = "test") -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("storebench-verifier-tests-\(getpid())")
      .appendingPathComponent("\(name)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The authority most tests sign with.
  static let authority: CertificateAuthority = try! CertificateAuthority.loadOrCreate(
    at: temporaryDirectory("authority"), now: now)

  /// A second, unrelated authority with the same subject names.
  static let otherAuthority: CertificateAuthority = try! CertificateAuthority.loadOrCreate(
    at: temporaryDirectory("other-authority"), now: now)

  static let receiptEncoder = ReceiptEncoder(authority: authority)
  static let receiptVerifier = ReceiptVerifier(trustedRoots: [authority.root])
  static let jwsSigner = JWSSigner(authority: authority)

  /// A date at a whole second, `seconds` after `now`.
  static func date(_ seconds: Int) -> Date {
    now.addingTimeInterval(TimeInterval(seconds))
  }

  /// An in-app purchase entry with every optional field set or not.
  static func purchase(
    _ index: Int, productId: String = "com.example.pro.monthly", full: Bool = true
  )
    -> InAppPurchaseReceipt
  {
    InAppPurchaseReceipt(
      quantity: index % 10 + 1, productId: productId, transactionId: "\(2_000_000_000_000_000 + index)",
      originalTransactionId: "\(2_000_000_000_000_000 + index / 3 * 3)", purchaseDate: date(index * 60),
      originalPurchaseDate: date(index / 3 * 180),
      productType: full ? 3 : nil, expiresDate: full ? date(index * 60 + 2_592_000) : nil,
      webOrderLineItemId: full ? 1_000_000_000_000 + index : nil,
      cancellationDate: full && index % 4 == 0 ? date(index * 60 + 100) : nil,
      isTrialPeriod: full ? index == 0 : nil, isInIntroOfferPeriod: full ? index % 2 == 0 : nil,
      promotionalOfferId: full && index % 5 == 0 ? "promo.\(index)" : nil)
  }

  /// A receipt with `count` in-app purchases.
  static func receipt(purchases count: Int) -> AppReceipt {
    let opaque: [UInt8] = Array(0..<16)
    return AppReceipt(
      receiptType: "ProductionSandbox", appItemId: 0, bundleId: "com.example.app", appVersion: "42",
      opaqueValue: opaque,
      sha1Hash: ReceiptHash.sha1(
        deviceIdentifier: Array(repeating: 7, count: 16), opaqueValue: opaque, bundleId: "com.example.app"),
      creationDate: now, originalApplicationVersion: "1.0",
      originalPurchaseDate: Date(timeIntervalSince1970: 1_375_340_400),
      inAppPurchases: (0..<count).map { purchase($0) })
  }

  /// A small signed receipt, used by the tamper tests.
  static let smallReceiptBytes: [UInt8] = try! receiptEncoder.encode(receipt(purchases: 2))
}

extension AppReceipt {
  /// The receipt with in-app purchases in transaction id order, for comparing across a round trip
  /// (the encoder writes DER canonical order).
  var normalized: AppReceipt {
    var copy = self
    copy.inAppPurchases.sort { $0.transactionId < $1.transactionId }
    copy.additionalAttributes.sort {
      $0.type != $1.type ? $0.type < $1.type : $0.value.lexicographicallyPrecedes($1.value)
    }
    return copy
  }
}
