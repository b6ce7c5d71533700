import Foundation

/// StoreKit 2's errors by the names the world gives them (`Product.PurchaseError.purchaseNotAllowed`,
/// `StoreKitError.networkError`): how an armed failure, in process or across the wire, becomes the
/// error StoreKit throws.
package enum StoreKitErrorNames {
  /// The error of a name; an unknown name is `StoreKitError.unknown`.
  package static func error(named name: String) -> any Error {
    let parts = name.split(separator: ".")
    let last = parts.last.map(String.init) ?? name
    if parts.first == "Product", let error = purchaseErrors[last] { return error }
    switch last {
    case "userCancelled": return StoreKitError.userCancelled
    case "networkError": return StoreKitError.networkError(URLError(.notConnectedToInternet))
    case "notEntitled": return StoreKitError.notEntitled
    case "notAvailableInStorefront": return StoreKitError.notAvailableInStorefront
    case "unsupported": return StoreKitError.unsupported
    default: return StoreKitError.unknown
    }
  }

  private static let purchaseErrors: [String: Product.PurchaseError] = [
    "invalidQuantity": .invalidQuantity, "productUnavailable": .productUnavailable,
    "purchaseNotAllowed": .purchaseNotAllowed, "ineligibleForOffer": .ineligibleForOffer,
    "invalidOfferIdentifier": .invalidOfferIdentifier, "invalidOfferPrice": .invalidOfferPrice,
    "invalidOfferSignature": .invalidOfferSignature, "missingOfferParameters": .missingOfferParameters,
  ]
}
