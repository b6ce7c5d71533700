import Crypto
import Foundation

/// What a legacy promotional-offer signature covers (`SKPaymentDiscount`, StoreKit 2's
/// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`), as Apple's
/// `PromotionalOfferSignatureCreator` builds it: the bundle id, key id, product id, offer id, the
/// application username or app account token in lower case (may be empty), the nonce in lower case
/// and the timestamp in milliseconds, joined by U+2063 (INVISIBLE SEPARATOR).
public struct PromotionalOfferMessage: Hashable, Sendable {
  /// The separator between fields.
  public static let separator = "\u{2063}"

  /// The app's bundle id.
  public var bundleId: String
  /// The In-App Purchase key's id.
  public var keyId: String
  /// The product bought.
  public var productId: String
  /// The promotional offer's id.
  public var offerId: String
  /// The application username (StoreKit 1) or app account token (StoreKit 2); may be empty.
  public var appAccountToken: String
  /// The one-time nonce, a UUID.
  public var nonce: String
  /// When the developer's server signed, in milliseconds since 1970, as written.
  public var timestamp: String

  /// Creates a message.
  public init(
    bundleId: String, keyId: String, productId: String, offerId: String, appAccountToken: String,
    nonce: String,
    timestamp: String
  ) {
    self.bundleId = bundleId
    self.keyId = keyId
    self.productId = productId
    self.offerId = offerId
    self.appAccountToken = appAccountToken
    self.nonce = nonce
    self.timestamp = timestamp
  }

  /// The signed text.
  public var text: String {
    [bundleId, keyId, productId, offerId, appAccountToken.lowercased(), nonce.lowercased(), timestamp]
      .joined(separator: Self.separator)
  }

  /// The signature Apple's library makes: ECDSA P-256 over SHA-256 of the text's UTF-8 bytes, DER,
  /// standard base64.
  public func signature(with key: P256.Signing.PrivateKey) throws -> String {
    try key.signature(for: Data(text.utf8)).derRepresentation.base64EncodedString()
  }

  /// Whether a DER signature (already decoded from base64) is one of this message by the key.
  public func isSigned(_ der: [UInt8], by key: P256.Signing.PublicKey) -> Bool {
    guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: der) else { return false }
    return key.isValidSignature(signature, for: Data(text.utf8))
  }
}
