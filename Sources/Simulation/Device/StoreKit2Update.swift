import Foundation

/// One transaction `Transaction.updates` gave the app's listener.
public struct StoreKit2Update: Hashable, Sendable {
  /// Why it arrived.
  public enum Origin: String, Hashable, Sendable, CaseIterable {
    /// Unfinished when the listener started (after a launch).
    case unfinished
    /// Made outside the app's own purchase call: another device, a renewal, a family member, an
    /// Ask to Buy approval, a purchase made through StoreKit 1.
    case transaction
    /// Refunded or revoked: the same transaction again, now with its revocation date.
    case revocation
  }

  /// The transaction's handle on this device, when it has one.
  public var handle: Int?
  /// The App Store transaction id.
  public var transactionId: String
  /// The product.
  public var productId: String
  /// Why it arrived.
  public var origin: Origin
  /// What StoreKit's check of its signature found.
  public var verification: VerificationResult
  /// When the listener got it.
  public var date: Date

  /// Creates an update.
  public init(
    handle: Int?, transactionId: String, productId: String, origin: Origin,
    verification: VerificationResult, date: Date
  ) {
    self.handle = handle
    self.transactionId = transactionId
    self.productId = productId
    self.origin = origin
    self.verification = verification
    self.date = date
  }
}
