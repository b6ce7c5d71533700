import Store
import Vocabulary

extension SKErrorCode {
  /// What `Product.purchase(options:)` throws where StoreKit 1 fails a transaction with this code,
  /// by the StoreKit 2 names (`Product.PurchaseError.purchaseNotAllowed`,
  /// `StoreKitError.networkError`). `paymentCancelled` is not an error there: the result is
  /// `userCancelled`.
  public var storeKit2Name: String {
    switch self {
    case .paymentCancelled, .overlayCancelled: "StoreKitError.userCancelled"
    case .paymentNotAllowed: "Product.PurchaseError.purchaseNotAllowed"
    case .storeProductNotAvailable, .paymentInvalid: "Product.PurchaseError.productUnavailable"
    case .invalidOfferIdentifier: "Product.PurchaseError.invalidOfferIdentifier"
    case .invalidSignature: "Product.PurchaseError.invalidOfferSignature"
    case .missingOfferParams: "Product.PurchaseError.missingOfferParameters"
    case .invalidOfferPrice: "Product.PurchaseError.invalidOfferPrice"
    case .ineligibleForOffer: "Product.PurchaseError.ineligibleForOffer"
    case .cloudServiceNetworkConnectionFailed: "StoreKitError.networkError"
    case .cloudServicePermissionDenied, .cloudServiceRevoked: "StoreKitError.notEntitled"
    case .unsupportedPlatform, .overlayInvalidConfiguration, .overlayPresentedInBackgroundScene:
      "StoreKitError.unsupported"
    case .unknown, .clientInvalid, .privacyAcknowledgementRequired, .unauthorizedRequestData, .overlayTimeout:
      "StoreKitError.unknown"
    }
  }
}
