import Crypto
import Foundation
import Verifier
import Workbench

/// Measures signing: raw P-256 against JWS (header cached, chain checked once per chain), and a
/// receipt of 10,000 in-app purchases generated and verified.
public struct CryptoBenchmark {
  /// One rate.
  public struct Rate: Sendable {
    /// What was measured.
    public var name: String
    /// Operations per second.
    public var perSecond: Double
  }

  /// The results.
  public struct Report: Sendable {
    /// Raw and JWS sign and verify rates.
    public var rates: [Rate]
    /// Seconds to generate (encode and sign) the large receipt.
    public var receiptGenerateSeconds: Double
    /// Seconds to verify and decode it.
    public var receiptVerifySeconds: Double
    /// Its size in bytes.
    public var receiptBytes: Int
    /// How many in-app entries it holds.
    public var receiptEntries: Int
  }

  /// The certificate authority whose keys sign.
  public var authority: CertificateAuthority
  /// How long each rate is measured.
  public var seconds: Double
  /// In-app entries in the large receipt.
  public var receiptEntries: Int

  /// Creates a benchmark.
  public init(authority: CertificateAuthority, seconds: Double = 1, receiptEntries: Int = 10_000) {
    self.authority = authority
    self.seconds = seconds
    self.receiptEntries = receiptEntries
  }

  /// Runs every measurement.
  public func run(now: Date) throws -> Report {
    let key = P256.Signing.PrivateKey()
    let message = Data(repeating: 7, count: 64)
    let signature = try key.signature(for: message)
    let signer = JWSSigner(authority: authority)
    let verifier = JWSVerifier(trustedRoots: [authority.root])
    let payload = JWSTransactionDecodedPayload(
      originalTransactionId: "2000000000000001", transactionId: "2000000000000001",
      bundleId: "com.example.bench",
      productId: "bench.product", purchaseDate: now, quantity: 1, signedDate: now, environment: .sandbox)
    let token = try signer.sign(payload)
    let rates = [
      Rate(
        name: "P-256 sign (raw swift-crypto)", perSecond: try rate { _ = try key.signature(for: message) }),
      Rate(
        name: "P-256 verify (raw swift-crypto)",
        perSecond: rate { _ = key.publicKey.isValidSignature(signature, for: message) }),
      Rate(name: "JWS sign (ES256, x5c header cached)", perSecond: try rate { _ = try signer.sign(payload) }),
      Rate(
        name: "JWS verify (chain checked once)",
        perSecond: try rate { _ = try verifier.verify(token, at: now) }),
    ]
    let receipt = largeReceipt(now: now)
    let encoder = ReceiptEncoder(authority: authority)
    let (signed, generate) = try timed { try encoder.encode(receipt) }
    let receiptVerifier = ReceiptVerifier(trustedRoots: [authority.root])
    let (decoded, verify) = try timed { try receiptVerifier.verify(signed, at: now) }
    guard decoded.inAppPurchases.count == receiptEntries else {
      throw WorkbenchError(
        .benchmark,
        "the large receipt decoded with \(decoded.inAppPurchases.count) entries, not \(receiptEntries)")
    }
    return Report(
      rates: rates, receiptGenerateSeconds: generate, receiptVerifySeconds: verify,
      receiptBytes: signed.count,
      receiptEntries: receiptEntries)
  }

  /// Raw P-256 signatures per second (swift-crypto, one core), measured for `seconds`: the
  /// reference other measurements of the same run are stated against.
  public static func rawSigningRate(seconds: Double = 1) throws -> Double {
    let key = P256.Signing.PrivateKey()
    let message = Data(repeating: 7, count: 64)
    return try rate(for: seconds) { _ = try key.signature(for: message) }
  }

  /// Raw P-256 signature checks per second (swift-crypto, one core), measured for `seconds`: the
  /// reference a first verifyReceipt answer is stated against.
  public static func rawVerifyingRate(seconds: Double = 1) throws -> Double {
    let key = P256.Signing.PrivateKey()
    let message = Data(repeating: 7, count: 64)
    let signature = try key.signature(for: message)
    return rate(for: seconds) { _ = key.publicKey.isValidSignature(signature, for: message) }
  }

  /// How many times a second `body` runs, in batches of 100, for at least `seconds`.
  private static func rate(for seconds: Double, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    var count = 0
    while true {
      for _ in 0..<100 { try body() }
      count += 100
      let elapsed = Self.seconds(clock.now - start)
      if elapsed >= seconds { return Double(count) / elapsed }
    }
  }

  private func largeReceipt(now: Date) -> AppReceipt {
    let entries = (0..<receiptEntries).map { index in
      InAppPurchaseReceipt(
        quantity: 1, productId: "bench.product.\(index % 50)",
        transactionId: String(2_000_000_000_000_001 + index),
        originalTransactionId: String(2_000_000_000_000_001 + index), purchaseDate: now,
        originalPurchaseDate: now,
        productType: 1, isTrialPeriod: false)
    }
    return AppReceipt(
      receiptType: "ProductionSandbox", appItemId: 0, bundleId: "com.example.bench", appVersion: "1",
      opaqueValue: Array(repeating: 1, count: 16), sha1Hash: Array(repeating: 2, count: 20),
      creationDate: now,
      originalApplicationVersion: "1", inAppPurchases: entries)
  }

  /// How many times a second `body` runs, after 100 runs to warm up, for at least ``seconds``.
  private func rate(_ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<100 { try body() }
    return try Self.rate(for: seconds, body)
  }

  private func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    return (value, Self.seconds(clock.now - start))
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
