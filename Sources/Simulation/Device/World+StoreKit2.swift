import Foundation
import Store
import Verifier

extension World {
  /// Signs a transaction as StoreKit 2 hands it to the app, and checks it as StoreKit does before
  /// the app sees it: a real ES256 signature under the local authority, verified against the local
  /// root at the clock's time, with the properties StoreKit requires. A damage armed with
  /// `unverified-next` on the device is applied to the token first, so the check genuinely fails.
  ///
  /// - Returns: The compact JWS and what the check found.
  /// - Throws: ``SimulationError`` when the authority cannot be opened or signing fails.
  public func storeKit2Transaction(
    _ record: PurchaseRecord, on device: Device
  ) throws(SimulationError) -> (jws: String, verification: VerificationResult) {
    var payload = SignedPayloadFactory(world: self).transaction(record)
    let damage = device.storeKit2.takeDamage()
    if damage == .missingRequiredProperties { payload.bundleId = nil }
    let signer = try jwsSigner()
    var token: String
    do {
      token = try signer.sign(payload)
    } catch {
      throw SimulationError(.signingFailed, "cannot sign transaction \(record.transactionId): \(error)")
    }
    var validationTime = store.clock.now
    switch damage {
    case .invalidSignature: token = Self.flippingSignature(of: token)
    case .invalidEncoding: token = Self.breakingPayload(of: token)
    case .invalidCertificateChain: validationTime = .distantFuture
    default: break
    }
    let verifier = device.storeKit2.verifier(of: try authority())
    do {
      let decoded = try verifier.verify(
        token, as: JWSTransactionDecodedPayload.self, at: validationTime)
      guard decoded.bundleId != nil, decoded.productId != nil, decoded.transactionId != nil else {
        return (token, .unverified(.missingRequiredProperties))
      }
      return (token, .verified)
    } catch {
      return (token, .unverified(VerificationError(error)))
    }
  }

  /// Signs the app transaction of a device (`AppTransaction.shared`) and checks it as StoreKit
  /// does, against the local root at the clock's time.
  ///
  /// - Returns: The payload, the compact JWS and what the check found.
  /// - Throws: ``SimulationError`` when the authority cannot be opened or signing fails.
  public func storeKit2AppTransaction(
    on device: Device
  ) throws(SimulationError) -> (payload: AppTransaction, jws: String, verification: VerificationResult) {
    let payload = SignedPayloadFactory(world: self).appTransaction(for: device)
    let signer = try jwsSigner()
    let token: String
    do {
      token = try signer.sign(payload)
    } catch {
      throw SimulationError(.signingFailed, "cannot sign the app transaction: \(error)")
    }
    let verifier = device.storeKit2.verifier(of: try authority())
    do {
      _ = try verifier.verify(token, at: store.clock.now)
      return (payload, token, .verified)
    } catch {
      return (payload, token, .unverified(VerificationError(error)))
    }
  }

  /// The token with the first character of its signature changed: the signature no longer matches.
  private static func flippingSignature(of token: String) -> String {
    guard let dot = token.lastIndex(of: "."), token.index(after: dot) < token.endIndex else { return token }
    let first = token[token.index(after: dot)]
    return String(token[...dot]) + (first == "A" ? "B" : "A") + token[token.index(dot, offsetBy: 2)...]
  }

  /// The token with a character outside base64url in its payload: it no longer decodes.
  private static func breakingPayload(of token: String) -> String {
    guard let dot = token.firstIndex(of: ".") else { return token }
    return String(token[...dot]) + "*" + token[token.index(dot, offsetBy: 2)...]
  }
}
