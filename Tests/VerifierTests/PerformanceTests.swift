import Foundation
import Testing
import Verifier

/// Large receipts and many tokens stay fast: no quadratic work in encoding, decoding or verifying.
/// The time limits hold for release builds (`swift test -c release`); debug builds only report.
@Suite struct PerformanceTests {
  #if DEBUG
    static let limit: Duration = .seconds(60)
  #else
    static let limit: Duration = .milliseconds(500)
  #endif

  func measure<Value>(_ label: String, _ body: () throws -> Value) rethrows -> (Value, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    let elapsed = clock.now - start
    print("\(label): \(elapsed)")
    return (value, elapsed)
  }

  @Test func tenThousandPurchaseReceipt() throws {
    let receipt = Fixtures.receipt(purchases: 10_000)
    let (bytes, encoding) = try measure("encode 10,000 purchases") {
      try Fixtures.receiptEncoder.encode(receipt)
    }
    let (decoded, verifying) = try measure("verify 10,000 purchases (\(bytes.count) bytes)") {
      try Fixtures.receiptVerifier.verify(bytes, at: Fixtures.now)
    }
    #expect(decoded.inAppPurchases.count == 10_000)
    #expect(encoding < Self.limit)
    #expect(verifying < Self.limit)
  }

  @Test func repeatedJWSVerificationUsesTheCachedChain() throws {
    let verifier = JWSVerifier(trustedRoots: [Fixtures.authority.root])
    let tokens = try (0..<1000).map {
      try Fixtures.jwsSigner.sign(JWSTransactionDecodedPayload(transactionId: "\($0)"))
    }
    let (_, elapsed) = try measure("verify 1,000 JWS") {
      for token in tokens {
        _ = try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now)
      }
    }
    #expect(elapsed < Self.limit)
  }
}
