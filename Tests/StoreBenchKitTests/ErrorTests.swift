import Foundation
import StoreBenchKit
import Testing

/// StoreKit's errors: `StoreKitError` (not `Equatable`: matched by case), `Product.PurchaseError`,
/// `Transaction.RefundRequestError` and `RefundRequestStatus`, as app code catches and switches them.
@Suite struct ErrorTests {
  /// What an app shows for an error a StoreKit call threw.
  static func message(for error: any Error) -> String {
    switch error {
    case let error as StoreKitError:
      switch error {
      case .userCancelled: return "cancelled"
      case .networkError(let urlError): return "offline (\(urlError.code.rawValue))"
      case .systemError(let underlying): return "system: \(underlying)"
      case .notAvailableInStorefront: return "not sold here"
      case .notEntitled: return "not entitled"
      case .unsupported: return "unsupported"
      case .unknown: return "unknown"
      @unknown default: return "new"
      }
    case let error as Product.PurchaseError:
      return "purchase: \(error)"
    default:
      return "other: \(error)"
    }
  }

  @Test func storeKitErrorsAreMatchedByCase() {
    struct Broken: Error, CustomStringConvertible {
      var description: String { "broken" }
    }
    let errors: [StoreKitError] = [
      .unknown, .userCancelled, .networkError(URLError(.notConnectedToInternet)), .systemError(Broken()),
      .notAvailableInStorefront, .notEntitled, .unsupported,
    ]
    #expect(
      errors.map(Self.message)
        == [
          "unknown", "cancelled", "offline (-1009)", "system: broken", "not sold here", "not entitled",
          "unsupported",
        ])
    #expect(Set(errors.compactMap(\.errorDescription)).count == 7)
    #expect(errors.allSatisfy { $0.failureReason != nil && $0.recoverySuggestion == nil })
    #expect(
      StoreKitError.networkError(URLError(.timedOut)).localizedDescription.contains(
        "\(URLError.timedOut.rawValue)"))
  }

  @Test func purchaseErrorsAreEquatableAndLocalized() {
    let errors: [Product.PurchaseError] = [
      .invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer,
      .invalidOfferIdentifier,
      .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters,
    ]
    #expect(Set(errors).count == 8)
    #expect(Set(errors.compactMap(\.errorDescription)).count == 8)
    #expect(errors.allSatisfy { $0.failureReason == $0.errorDescription && $0.recoverySuggestion == nil })
    #expect(Self.message(for: Product.PurchaseError.invalidQuantity) == "purchase: invalidQuantity")
  }

  @Test func aPurchaseErrorIsCaughtAsALocalizedError() async throws {
    let store = try Fixtures.store()
    try await store.run {
      store.setCanMakePayments(false)
      let pack = try await Fixtures.product("level.pack")
      do {
        _ = try await pack.purchase()
        Issue.record("the purchase went through")
      } catch let error as LocalizedError {
        #expect(error.errorDescription == "Purchases are not allowed.")
      }
    }
  }

  @Test func refundRequestErrorsAndStatusesAreSwitchedOver() {
    func explain(_ status: Transaction.RefundRequestStatus) -> String {
      switch status {
      case .success: "requested"
      case .userCancelled: "kept"
      @unknown default: "?"
      }
    }
    func explain(_ error: Transaction.RefundRequestError) -> String {
      switch error {
      case .duplicateRequest: "already asked"
      case .failed: "failed"
      @unknown default: "?"
      }
    }
    #expect([Transaction.RefundRequestStatus.success, .userCancelled].map(explain) == ["requested", "kept"])
    #expect(
      [Transaction.RefundRequestError.duplicateRequest, .failed].map(explain) == ["already asked", "failed"])
    #expect(
      Transaction.RefundRequestError.duplicateRequest.errorDescription
        != Transaction.RefundRequestError.failed.errorDescription)
    #expect(Transaction.RefundRequestError.failed.failureReason != nil)
    #expect(Transaction.RefundRequestError.failed.recoverySuggestion == nil)
    #expect(Set([Transaction.RefundRequestStatus.success, .success]).count == 1)
  }

  @Test func aSecondRefundRequestForOneTransactionIsRefused() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.buy("level.pack")
      try store.requestRefund(transactionID: pack.id)
      #expect(throws: TestStoreError.self) { try store.requestRefund(transactionID: pack.id) }
      #expect(
        await Transaction.latest(for: "level.pack")?.unsafePayloadValue.revocationDate == nil,
        "Apple decides later")
    }
  }
}
