import Foundation
import Store
import Verifier
import Vocabulary

extension ImportJSONNode {
  /// `quantity`: at least 1.
  func quantity() throws(ImportError) -> Int {
    let quantity = try integer()
    guard quantity >= 1, quantity <= Int64(Int32.max) else {
      throw fail("expected a quantity of at least 1, found \(value.quoted)")
    }
    return Int(quantity)
  }

  /// `cancellation_reason` / `revocationReason`: 0 another reason, 1 an issue in the app.
  func cancellationReason() throws(ImportError) -> PurchaseRecord.CancellationReason {
    guard let reason = PurchaseRecord.CancellationReason(rawValue: Int(try integer())) else {
      throw fail("expected 0 (another reason) or 1 (an issue in the app), found \(value.quoted)")
    }
    return reason
  }

  /// `expiration_intent` / `expirationIntent`: 1 to 5.
  func expirationIntent() throws(ImportError) -> ExpirationIntent {
    guard let intent = ExpirationIntent(rawValue: Int(try integer())) else {
      throw fail("expected an expiration intent from 1 to 5, found \(value.quoted)")
    }
    return intent
  }

  /// `in_app_ownership_type` / `inAppOwnershipType`: whether it is `FAMILY_SHARED`.
  func isFamilyShared() throws(ImportError) -> Bool {
    switch try string() {
    case "FAMILY_SHARED": return true
    case "PURCHASED": return false
    case let other: throw fail("expected PURCHASED or FAMILY_SHARED, found \"\(other)\"")
    }
  }

  /// An app account token: a UUID.
  func uuid() throws(ImportError) -> UUID {
    let text = try string()
    guard let token = UUID(uuidString: text) else { throw fail("expected a UUID, found \"\(text)\"") }
    return token
  }

  /// A JWS `environment` or `receiptType`, or a verifyReceipt answer's `environment`.
  func environment() throws(ImportError) -> Verifier.Environment {
    let name = try string()
    guard let environment = Verifier.Environment(rawValue: name) else {
      throw fail("expected Sandbox, Production, Xcode or LocalTesting, found \"\(name)\"")
    }
    return environment
  }
}
