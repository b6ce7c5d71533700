import Store
import Vocabulary

/// Who checks a payment's offer proof when the App Store processes it, before the charge: the
/// world, which holds the developer's In-App Purchase keys and the nonces already used.
public protocol PaymentAuthorizer: AnyObject {
  /// The payment's verdict: refused with an SKError and a reason, or allowed with the offer it
  /// proves.
  func authorize(_ payment: Payment, for account: Account) -> PaymentAuthorization
}

/// A payment's verdict from its ``PaymentAuthorizer``.
public enum PaymentAuthorization: Hashable, Sendable {
  /// The payment goes on: with this promotional offer (the payment's own, or the one a JWS names),
  /// and, when a JWS says so, whether the customer may have the introductory offer.
  case allowed(offerId: String?, introductoryOffer: Bool?)
  /// The payment fails with this error; `reason` says which field or claim was wrong.
  case refused(SKErrorCode, reason: String)
}
