import Foundation

extension Product {
  /// `Product.PurchaseOption`.
  public enum PurchaseOption: Hashable, Sendable {
    /// How many (consumables), 1 to 10.
    case quantity(Int)
    /// A UUID tying the purchase to the customer's account on your server.
    case appAccountToken(UUID)
    /// A promotional offer with the legacy signature your server made (`signature`: the DER bytes).
    case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
    /// A promotional offer with the JWS your server signed (`promotionalOffer(_:compactJWS:)`).
    case promotionalOfferJWS(offerID: String, compactJWS: String)
    /// Your server's decision on the introductory offer (`introductoryOfferEligibility(compactJWS:)`).
    case introductoryOfferEligibility(compactJWS: String)
    /// A win-back offer, by its identifier, for a churned subscriber.
    case winBackOffer(String)
  }

  /// `Product.PurchaseResult`.
  public enum PurchaseResult: Sendable {
    /// The purchase went through.
    case success(VerificationResult<Transaction>)
    /// The customer dismissed the payment sheet.
    case userCancelled
    /// Ask to Buy: the answer arrives through `Transaction.updates`.
    case pending
  }

  /// `Product.PurchaseError`, and the `StoreKitError` cases a purchase can throw.
  public enum PurchaseError: String, Error, Sendable {
    case invalidOfferIdentifier, productUnavailable, purchaseNotAllowed, ineligibleForOffer
    case invalidOfferPrice, invalidOfferSignature, invalidQuantity, missingOfferParameters
    /// `StoreKitError.networkError`.
    case networkError
    /// Another `StoreKitError` (`unknown`, `notEntitled`, `unsupported`, …).
    case storeKitError

    /// The case of a StoreKit 2 error name such as `Product.PurchaseError.purchaseNotAllowed`.
    init(storeKit2Name name: String) {
      let last = name.split(separator: ".").last.map(String.init) ?? name
      self = Self(rawValue: last) ?? .storeKitError
    }
  }
}
