import StoreKit
import StoreKitTest
import XCTest

// Code that spells the module, as apps do where SwiftUI's `Transaction` would clash, compiled here
// against the module named StoreKit (StoreBenchKit under Apple's name).
extension StoreKit.Transaction {
  fileprivate var isRevoked: Bool { revocationDate != nil }
}

extension StoreKit.Product {
  fileprivate var isSubscription: Bool { type == .autoRenewable }
}

/// `import StoreKit` and `import StoreKitTest` reach storebench's world where the platform has no
/// StoreKit: a test written for Xcode runs with no change at all.
final class ModuleSpellingTests: XCTestCase {
  private var session: SKTestSession!

  override func setUp() async throws {
    session = try SKTestSession(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Products.storekit"))
    session.disableDialogs = true
    session.clearTransactions()
  }

  func testQualifiedNamesAndExtensionsResolveThroughTheModule() async throws {
    let products: [StoreKit.Product] = try await StoreKit.Product.products(for: ["pro.monthly"])
    let product = try XCTUnwrap(products.first)
    XCTAssertTrue(product.isSubscription)
    let result: StoreKit.Product.PurchaseResult = try await product.purchase()
    guard case .success(let verification) = result else { return XCTFail("not a success: \(result)") }
    let transaction: StoreKit.Transaction = try verification.payloadValue
    XCTAssertFalse(transaction.isRevoked)
    let status: [StoreKit.Product.SubscriptionInfo.Status] = try await product.subscription?.status ?? []
    XCTAssertEqual(status.first?.state, .subscribed)
    await transaction.finish()
    try session.refundTransaction(identifier: UInt(transaction.id))
    let latest = await StoreKit.Transaction.latest(for: "pro.monthly")
    XCTAssertEqual(latest?.unsafePayloadValue.isRevoked, true)
  }
}
