import Crypto
import Foundation
import Verifier

/// Finds which field of a legacy promotional-offer signature is wrong, where the App Store says
/// only "invalid signature": it checks the signature against the message with one field changed
/// at a time, to the values a developer's server most often signs by mistake.
struct OfferSignatureDiagnosis {
  /// A signature that is not base64 of a DER ECDSA signature.
  struct Malformed: Error {
    var reason: String
  }

  let world: World
  let keys: [OfferKeyRing.Key]

  /// The DER bytes of a signature as the app passed it, or what is wrong with it: not base64,
  /// base64 twice (a known mistake), or not DER.
  static func der(from text: String) -> Result<[UInt8], Malformed> {
    guard let bytes = Base64.decode(text, .standard) ?? Base64.decode(text, .url) else {
      return .failure(Malformed(reason: "the signature is not base64"))
    }
    if (try? P256.Signing.ECDSASignature(derRepresentation: bytes)) != nil { return .success(bytes) }
    if let inner = Base64.decode(String(decoding: bytes, as: UTF8.self), .standard),
      (try? P256.Signing.ECDSASignature(derRepresentation: inner)) != nil
    {
      return .failure(
        Malformed(reason: "the signature is base64-encoded twice: decode it once before passing it"))
    }
    if bytes.count == 64 {
      return .failure(
        Malformed(
          reason: "the signature is 64 raw bytes (r and s, as in a JWS); StoreKit wants it DER-encoded"))
    }
    return .failure(
      Malformed(reason: "the signature is not a DER-encoded ECDSA signature (\(bytes.count) bytes)"))
  }

  /// Which field explains a signature that does not match the message, in words.
  func explain(_ der: [UInt8], message: PromotionalOfferMessage, key: OfferKeyRing.Key) -> String {
    guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: der) else {
      return "the signature is not a DER-encoded ECDSA signature"
    }
    for (text, explanation) in candidates(message)
    where key.publicKey.isValidSignature(signature, for: Data(text.utf8)) {
      return "the signature is over \(explanation)"
    }
    if let other = keys.first(where: { $0.keyId != key.keyId && message.isSigned(der, by: $0.publicKey) }) {
      return "the signature was made with key \(other.keyId), not \(key.keyId)"
    }
    return "the signature does not match the message and no single field explains it: check the bundle id "
      + "(\(message.bundleId)), the key (\(key.keyId)) and the field order (bundle id, key id, product id, "
      + "offer id, application username, nonce, timestamp)"
  }

  /// Texts the developer's server may have signed instead, each with one mistake, and what it is.
  private func candidates(_ message: PromotionalOfferMessage) -> [(String, String)] {
    var result: [(String, String)] = []
    func add(_ path: WritableKeyPath<PromotionalOfferMessage, String>, _ value: String, _ words: String) {
      var changed = message
      changed[keyPath: path] = value
      if changed.text != message.text { result.append((changed.text, words)) }
    }
    let catalog = world.store.catalog
    for product in catalog.products where product.id != message.productId {
      add(\.productId, product.id, "product \(product.id), not \(message.productId)")
    }
    let offers = catalog.products.flatMap { ($0.subscription?.promotionalOffers ?? []).compactMap(\.id) }
    for offer in offers where offer != message.offerId {
      add(\.offerId, offer, "offer \(offer), not \(message.offerId)")
    }
    for key in keys where key.keyId != message.keyId {
      add(\.keyId, key.keyId, "key id \(key.keyId), not \(message.keyId)")
    }
    if !message.appAccountToken.isEmpty {
      add(\.appAccountToken, "", "an empty application username, not \(message.appAccountToken)")
    }
    if let milliseconds = Int64(message.timestamp) {
      add(\.timestamp, String(milliseconds / 1000), "the timestamp in seconds; StoreKit sends milliseconds")
    }
    return result + layoutMistakes(message)
  }

  /// The message as written by a server that upper-cased the nonce or the username, or joined the
  /// fields with another separator than U+2063.
  private func layoutMistakes(_ message: PromotionalOfferMessage) -> [(String, String)] {
    let fields = [
      message.bundleId, message.keyId, message.productId, message.offerId,
      message.appAccountToken.lowercased(),
      message.nonce.lowercased(), message.timestamp,
    ]
    var result: [(String, String)] = []
    var upperNonce = fields
    upperNonce[5] = message.nonce.uppercased()
    result.append(
      (
        upperNonce.joined(separator: PromotionalOfferMessage.separator),
        "the nonce in upper case; it is signed in lower case"
      ))
    if !message.appAccountToken.isEmpty {
      var upperToken = fields
      upperToken[4] = message.appAccountToken.uppercased()
      result.append(
        (
          upperToken.joined(separator: PromotionalOfferMessage.separator),
          "the application username in upper case; it is signed in lower case"
        ))
    }
    for (separator, name) in [
      ("", "nothing"), ("|", "\"|\""), (":", "\":\""), (",", "\",\""), ("\n", "line breaks"),
    ] {
      result.append(
        (fields.joined(separator: separator), "fields joined by \(name), not U+2063 (INVISIBLE SEPARATOR)"))
    }
    return result.filter { $0.0 != message.text }
  }
}
