import Foundation
import StoreBenchKit

/// One transaction of the test environment, as `SKTestSession.allTransactions()` shows it.
public final class SKTestTransaction: Sendable, CustomStringConvertible {
  /// The identifier every `SKTestSession` call takes: the transaction's, or for a purchase that
  /// waits (Ask to Buy) or was interrupted, its handle on the device.
  public let identifier: UInt
  /// The original purchase's identifier.
  public let originalTransactionIdentifier: UInt
  /// The product.
  public let productIdentifier: String
  /// When it was bought.
  public let purchaseDate: Date
  /// When it was refunded, revoked or upgraded away from.
  public let cancelDate: Date?
  /// When the subscription period ends.
  public let expirationDate: Date?
  /// Its state, in StoreKit 1's terms.
  public let state: SKPaymentTransactionState
  /// Whether the subscription renews.
  public let autoRenewingEnabled: Bool
  /// Whether the customer must act: an interrupted purchase, or billing trouble.
  public let hasPurchaseIssue: Bool
  /// Whether it waits for a parent (Ask to Buy).
  public let pendingAskToBuyConfirmation: Bool
  /// Whether it waits for the customer's consent to a price increase.
  public let isPendingPriceIncreaseConsent: Bool

  init(
    identifier: UInt, originalTransactionIdentifier: UInt, productIdentifier: String, purchaseDate: Date,
    cancelDate: Date?, expirationDate: Date?, state: SKPaymentTransactionState, autoRenewingEnabled: Bool,
    hasPurchaseIssue: Bool, pendingAskToBuyConfirmation: Bool, isPendingPriceIncreaseConsent: Bool
  ) {
    self.identifier = identifier
    self.originalTransactionIdentifier = originalTransactionIdentifier
    self.productIdentifier = productIdentifier
    self.purchaseDate = purchaseDate
    self.cancelDate = cancelDate
    self.expirationDate = expirationDate
    self.state = state
    self.autoRenewingEnabled = autoRenewingEnabled
    self.hasPurchaseIssue = hasPurchaseIssue
    self.pendingAskToBuyConfirmation = pendingAskToBuyConfirmation
    self.isPendingPriceIncreaseConsent = isPendingPriceIncreaseConsent
  }

  /// The transaction in one line.
  public var description: String {
    "SKTestTransaction(\(identifier) \(productIdentifier) \(state))"
  }
}
