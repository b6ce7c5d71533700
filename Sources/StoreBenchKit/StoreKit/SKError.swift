/// StoreKit 1's error, with its codes: what `SKTestSession.failureError` names.
public struct SKError: Error, Hashable, Sendable {
  /// The error's domain, as StoreKit names it.
  public static let errorDomain = "SKErrorDomain"

  /// What went wrong.
  public let code: SKError.Code

  /// An error with a code.
  public init(_ code: SKError.Code) {
    self.code = code
  }

  /// StoreKit 1's error codes.
  public enum Code: Int, Hashable, Sendable {
    /// An unknown error.
    case unknown = 0
    /// The client may not make the request.
    case clientInvalid = 1
    /// The customer cancelled the payment.
    case paymentCancelled = 2
    /// A payment parameter is not valid.
    case paymentInvalid = 3
    /// The customer may not make payments.
    case paymentNotAllowed = 4
    /// The product is not available in the storefront.
    case storeProductNotAvailable = 5
    /// The customer did not allow access to cloud service information.
    case cloudServicePermissionDenied = 6
    /// The device could not connect to the network.
    case cloudServiceNetworkConnectionFailed = 7
    /// The customer revoked permission to use the cloud service.
    case cloudServiceRevoked = 8
    /// The customer has not acknowledged Apple's privacy policy.
    case privacyAcknowledgementRequired = 9
    /// The app asked for data it is not entitled to.
    case unauthorizedRequestData = 10
    /// The offer identifier is not valid.
    case invalidOfferIdentifier = 11
    /// The offer signature is not valid.
    case invalidSignature = 12
    /// The offer lacks parameters.
    case missingOfferParams = 13
    /// The offer price is not valid.
    case invalidOfferPrice = 14
    /// The customer cancelled an overlay.
    case overlayCancelled = 15
    /// The overlay's configuration is not valid.
    case overlayInvalidConfiguration = 16
    /// The overlay timed out.
    case overlayTimeout = 17
    /// The customer may not have the offer.
    case ineligibleForOffer = 18
    /// The platform does not support the request.
    case unsupportedPlatform = 19
    /// An overlay was presented from a scene in the background.
    case overlayPresentedInBackgroundScene = 20
  }
}
