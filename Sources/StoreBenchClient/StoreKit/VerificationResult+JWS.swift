import Crypto
import Foundation

/// What StoreKit's three signed types (``Transaction``, ``Product/SubscriptionInfo/RenewalInfo``
/// and ``AppTransaction``) share: the JWS accessors of ``VerificationResult`` exist for them only,
/// as in StoreKit. An implementation detail: app code never names it.
public protocol _SignedStoreValue: Sendable {
  /// The compact JWS the value was read from.
  var _compactJWS: String { get }
  /// When the App Store signed it.
  var signedDate: Date { get }
  /// The device's check value.
  var deviceVerification: Data { get }
  /// The nonce in the device's check value.
  var deviceVerificationNonce: UUID { get }
}

extension VerificationResult where SignedType: _SignedStoreValue {
  /// The compact JWS, as your server verifies it.
  public var jwsRepresentation: String { unsafePayloadValue._compactJWS }

  /// The JWS header's bytes (JSON).
  public var headerData: Data { part(0) }

  /// The JWS payload's bytes (JSON).
  public var payloadData: Data { part(1) }

  /// The signature's bytes (raw `r‖s`).
  public var signatureData: Data { part(2) }

  /// The signature.
  public var signature: P256.Signing.ECDSASignature {
    (try? P256.Signing.ECDSASignature(rawRepresentation: signatureData))
      ?? (try? P256.Signing.ECDSASignature(rawRepresentation: Data(count: 64)))!
  }

  /// The bytes the signature covers: the encoded header, a dot, the encoded payload.
  public var signedData: Data {
    Data(
      jwsRepresentation.split(separator: ".", omittingEmptySubsequences: false).prefix(2).joined(
        separator: "."
      ).utf8)
  }

  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }

  /// The device's check value.
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }

  /// The nonce in the device's check value.
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }

  /// One part of the compact JWS, decoded from base64url; empty when it does not decode.
  private func part(_ index: Int) -> Data {
    let parts = jwsRepresentation.split(separator: ".", omittingEmptySubsequences: false)
    guard index < parts.count else { return Data() }
    var text = parts[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    return Data(base64Encoded: text) ?? Data()
  }
}
