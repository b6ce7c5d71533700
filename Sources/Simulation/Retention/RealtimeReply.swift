import Foundation
import JSON

/// The app server's answer to a realtime call, read as Apple's `RealtimeResponseBody`: exactly one
/// of `message`, `alternateProduct`, `promotionalOffer` and `advancedCommerceInfo`.
enum RealtimeReply: Hashable, Sendable {
  /// A promotional offer's proof as the reply carries it.
  enum OfferSignature: Hashable, Sendable {
    /// `promotionalOfferSignatureV2`: a JWS.
    case jws(String)
    /// `promotionalOfferSignatureV1`: the legacy fields.
    case legacy(
      productId: String, offerIdentifier: String, keyId: String, nonce: String, timestamp: String,
      signature: String, appAccountToken: String)
  }

  /// `message`.
  case message(messageIdentifier: String)
  /// `alternateProduct`.
  case alternateProduct(messageIdentifier: String?, productId: String)
  /// `promotionalOffer`.
  case promotionalOffer(messageIdentifier: String?, signature: OfferSignature)
  /// `advancedCommerceInfo`.
  case advancedCommerce

  /// Why an answer is not a usable `RealtimeResponseBody`.
  struct Problem: Error, Hashable, Sendable {
    let reason: String
  }

  /// Reads an answer's body.
  ///
  /// - Throws: ``Problem`` naming what is missing or wrong.
  init(_ body: [UInt8]) throws(Problem) {
    guard case .object(let members)? = try? JSONParser.parse(body) else {
      throw Problem(reason: "the answer is not a JSON object")
    }
    let object = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let choices = ["message", "alternateProduct", "promotionalOffer", "advancedCommerceInfo"].filter {
      object[$0] != nil
    }
    guard choices.count == 1, let choice = choices.first, case .object(let fields)? = object[choice] else {
      throw Problem(
        reason: "the answer has \(choices.isEmpty ? "none" : choices.joined(separator: " and ")) of message, "
          + "alternateProduct, promotionalOffer and advancedCommerceInfo; it needs exactly one object")
    }
    let field = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let messageIdentifier = try Self.uuid(field["messageIdentifier"], "\(choice).messageIdentifier")
    switch choice {
    case "message":
      guard let messageIdentifier else { throw Problem(reason: "message has no messageIdentifier") }
      self = .message(messageIdentifier: messageIdentifier)
    case "alternateProduct":
      self = .alternateProduct(
        messageIdentifier: messageIdentifier,
        productId: try Self.text(field["productId"], "alternateProduct.productId"))
    case "promotionalOffer":
      self = .promotionalOffer(messageIdentifier: messageIdentifier, signature: try Self.signature(field))
    default:
      self = .advancedCommerce
    }
  }

  private static func signature(_ field: [String: JSONValue]) throws(Problem) -> OfferSignature {
    if case .string(let jws)? = field["promotionalOfferSignatureV2"] { return .jws(jws) }
    guard case .object(let members)? = field["promotionalOfferSignatureV1"] else {
      throw Problem(
        reason: "promotionalOffer has neither promotionalOfferSignatureV2 nor promotionalOfferSignatureV1")
    }
    let v1 = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let name = "promotionalOfferSignatureV1."
    let timestamp: String
    switch v1["timestamp"] {
    case .number(let value)? where Int64(value) != nil: timestamp = value
    default: throw Problem(reason: "\(name)timestamp is not a number of milliseconds")
    }
    return .legacy(
      productId: try text(v1["productId"], name + "productId"),
      offerIdentifier: try text(v1["offerIdentifier"], name + "offerIdentifier"),
      keyId: try text(v1["keyId"], name + "keyId"), nonce: try text(v1["nonce"], name + "nonce"),
      timestamp: timestamp, signature: try text(v1["encodedSignature"], name + "encodedSignature"),
      appAccountToken: try uuid(v1["appAccountToken"], name + "appAccountToken") ?? "")
  }

  private static func text(_ value: JSONValue?, _ name: String) throws(Problem) -> String {
    guard case .string(let text)? = value, !text.isEmpty else { throw Problem(reason: "\(name) is missing") }
    return text
  }

  /// A UUID member in lowercase; `nil` when absent.
  private static func uuid(_ value: JSONValue?, _ name: String) throws(Problem) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value, UUID(uuidString: text) != nil else {
      throw Problem(reason: "\(name) is not a UUID")
    }
    return text.lowercased()
  }
}
