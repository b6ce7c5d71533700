/// StoreKit's `SKError.Code`: why a payment, a products request or a restore failed.
public enum SKErrorCode: Int, Error, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// An unknown or unexpected error.
  case unknown = 0
  /// The client is not allowed to issue the request.
  case clientInvalid = 1
  /// The user cancelled the payment sheet.
  case paymentCancelled = 2
  /// A payment parameter was not recognized.
  case paymentInvalid = 3
  /// The user is not allowed to authorize payments.
  case paymentNotAllowed = 4
  /// The product is not available in the current storefront.
  case storeProductNotAvailable = 5
  /// The user has not allowed access to cloud service information.
  case cloudServicePermissionDenied = 6
  /// The device could not connect to the network.
  case cloudServiceNetworkConnectionFailed = 7
  /// The user revoked permission to use this cloud service.
  case cloudServiceRevoked = 8
  /// The user has not yet acknowledged Apple's privacy policy.
  case privacyAcknowledgementRequired = 9
  /// The app is attempting to use a property it lacks the entitlement for.
  case unauthorizedRequestData = 10
  /// The offer identifier is not valid.
  case invalidOfferIdentifier = 11
  /// The offer signature is not valid.
  case invalidSignature = 12
  /// Parameters are missing from the offer.
  case missingOfferParams = 13
  /// The offer price is not valid.
  case invalidOfferPrice = 14
  /// The user cancelled an overlay.
  case overlayCancelled = 15
  /// The overlay's configuration is not valid.
  case overlayInvalidConfiguration = 16
  /// The overlay timed out.
  case overlayTimeout = 17
  /// The user is not eligible for the subscription offer.
  case ineligibleForOffer = 18
  /// The platform does not support the request.
  case unsupportedPlatform = 19
  /// An overlay was presented while the scene was in the background.
  case overlayPresentedInBackgroundScene = 20

  private static let names = [
    "unknown", "clientInvalid", "paymentCancelled", "paymentInvalid", "paymentNotAllowed",
    "storeProductNotAvailable",
    "cloudServicePermissionDenied", "cloudServiceNetworkConnectionFailed", "cloudServiceRevoked",
    "privacyAcknowledgementRequired", "unauthorizedRequestData", "invalidOfferIdentifier", "invalidSignature",
    "missingOfferParams", "invalidOfferPrice", "overlayCancelled", "overlayInvalidConfiguration",
    "overlayTimeout",
    "ineligibleForOffer", "unsupportedPlatform", "overlayPresentedInBackgroundScene",
  ]

  /// The case name, such as `paymentCancelled`.
  public var name: String { Self.names[rawValue] }

  /// `SKError 2 paymentCancelled`.
  public var description: String { "SKError \(rawValue) \(name)" }

  /// Finds a code by its name (any letter case) or its number.
  public init?(nameOrNumber text: String) {
    if let number = Int(text), let code = SKErrorCode(rawValue: number) {
      self = code
      return
    }
    guard let code = Self.allCases.first(where: { $0.name.lowercased() == text.lowercased() }) else {
      return nil
    }
    self = code
  }
}
