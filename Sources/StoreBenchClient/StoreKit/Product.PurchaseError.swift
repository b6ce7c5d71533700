import Foundation

extension Product {
  /// Why the App Store refused a purchase.
  public enum PurchaseError: Error, Equatable, Hashable, LocalizedError, Sendable {
    /// The quantity is not 1 to 10.
    case invalidQuantity
    /// The product is not for sale in the storefront.
    case productUnavailable
    /// The customer may not make payments.
    case purchaseNotAllowed
    /// The customer may not have the offer.
    case ineligibleForOffer
    /// The offer is not one of the product's.
    case invalidOfferIdentifier
    /// The offer's price is not valid.
    case invalidOfferPrice
    /// The offer's signature does not check.
    case invalidOfferSignature
    /// The offer lacks a parameter.
    case missingOfferParameters

    /// What went wrong.
    public var errorDescription: String? {
      switch self {
      case .invalidQuantity: "The quantity is not valid."
      case .productUnavailable: "The product is not available."
      case .purchaseNotAllowed: "Purchases are not allowed."
      case .ineligibleForOffer: "The customer is not eligible for the offer."
      case .invalidOfferIdentifier: "The offer identifier is not valid."
      case .invalidOfferPrice: "The offer price is not valid."
      case .invalidOfferSignature: "The offer signature is not valid."
      case .missingOfferParameters: "The offer is missing parameters."
      }
    }

    /// Why it went wrong.
    public var failureReason: String? { errorDescription }

    /// What to do about it.
    public var recoverySuggestion: String? { nil }
  }
}
