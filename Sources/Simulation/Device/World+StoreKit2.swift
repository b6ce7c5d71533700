import Crypto
import Foundation
import Store
import Verifier

extension World {
  /// A StoreKit 2 purchase made with an `appAccountToken`: the App Store keeps it with the
  /// subscription (or one-time purchase) from this transaction on, as signed data and the App Store
  /// Server API show it.
  func noteAppAccountToken(_ token: String, of record: PurchaseRecord) {
    serverAPI.setAppAccountToken(
      token, originalTransactionNumber: record.originalTransactionNumber, from: record.transactionNumber)
  }

  /// Signs a transaction as StoreKit 2 hands it to the app, and checks it as StoreKit does before
  /// the app sees it: a real ES256 signature under the local authority, verified against the local
  /// root at the clock's time, with the properties StoreKit requires. A damage armed with
  /// `unverified-next` on the device is applied to the token first, so the check genuinely fails.
  ///
  /// - Parameters:
  ///   - record: The history entry.
  ///   - device: The device whose app gets it (its damages, its verifier).
  ///   - adjust: A change made to the payload before it is signed (StoreBenchKit adds the device's
  ///     verification values and dates the payload for the app's clock).
  ///   - outcome: What a check of this transaction found when the app got it before (its purchase
  ///     result, its update): the same damage is applied again. `nil` takes the device's next damage.
  /// - Returns: The payload as signed, the compact JWS and what the check found.
  /// - Throws: ``SimulationError`` when the authority cannot be opened or signing fails.
  public func storeKit2Transaction(
    _ record: PurchaseRecord, on device: Device,
    adjusting adjust: (inout JWSTransactionDecodedPayload) -> Void = { _ in },
    as outcome: VerificationResult? = nil
  ) throws(SimulationError) -> SignedForDevice<JWSTransactionDecodedPayload> {
    var payload = SignedPayloadFactory(world: self).transaction(record)
    adjust(&payload)
    let damage: VerificationError?
    switch outcome {
    case nil: damage = device.storeKit2.takeDamage()
    case .verified?: damage = nil
    case .unverified(let error)?: damage = error
    }
    switch damage {
    case .missingRequiredProperties: payload.bundleId = nil
    case .invalidDeviceVerification:
      // Signed for another device: the hash is of another device's identifier.
      payload.deviceVerification = Data(SHA384.hash(data: Data("another device".utf8))).base64EncodedString()
    default: break
    }
    var signed = try signForDevice(payload, device, "transaction \(record.transactionId)", damage: damage)
    if signed.verification == .verified,
      payload.bundleId == nil || payload.productId == nil || payload.transactionId == nil
    {
      signed.verification = .unverified(.missingRequiredProperties)
    }
    return signed
  }

  /// Signs a subscription's renewal info as StoreKit 2 hands it to the app
  /// (`Product.SubscriptionInfo.Status.renewalInfo`), and checks it as StoreKit does.
  ///
  /// - Parameters:
  ///   - state: The subscription.
  ///   - device: The device whose app gets it.
  ///   - adjust: A change made to the payload before it is signed.
  /// - Returns: The payload as signed, the compact JWS and what the check found.
  /// - Throws: ``SimulationError`` when the authority cannot be opened or signing fails.
  public func storeKit2RenewalInfo(
    _ state: SubscriptionState, on device: Device,
    adjusting adjust: (inout JWSRenewalInfoDecodedPayload) -> Void = { _ in }
  ) throws(SimulationError) -> SignedForDevice<JWSRenewalInfoDecodedPayload> {
    var payload = SignedPayloadFactory(world: self).renewalInfo(state)
    adjust(&payload)
    return try signForDevice(payload, device, "the renewal info of \(state.productId)", damage: nil)
  }

  /// Signs the app transaction of a device (`AppTransaction.shared`) and checks it as StoreKit
  /// does, against the local root at the clock's time.
  ///
  /// - Parameters:
  ///   - device: The device.
  ///   - adjust: A change made to the payload before it is signed.
  /// - Returns: The payload as signed, the compact JWS and what the check found.
  /// - Throws: ``SimulationError`` when the authority cannot be opened or signing fails.
  public func storeKit2AppTransaction(
    on device: Device, adjusting adjust: (inout AppTransaction) -> Void = { _ in }
  ) throws(SimulationError) -> SignedForDevice<AppTransaction> {
    var payload = SignedPayloadFactory(world: self).appTransaction(for: device)
    adjust(&payload)
    return try signForDevice(payload, device, "the app transaction", damage: nil)
  }

  /// Signs a payload with the local authority, damages the token as armed, and verifies it
  /// against the local root as the device's StoreKit does.
  private func signForDevice<Payload: Encodable & Sendable>(
    _ payload: Payload, _ device: Device, _ what: String, damage: VerificationError?
  ) throws(SimulationError) -> SignedForDevice<Payload> {
    var token: String
    do {
      token = try jwsSigner().sign(payload)
    } catch let error as SimulationError {
      throw error
    } catch {
      throw SimulationError(.signingFailed, "cannot sign \(what): \(error)")
    }
    var validationTime = store.clock.now
    switch damage {
    case .invalidSignature: token = Self.flippingSignature(of: token)
    case .invalidEncoding: token = Self.breakingPayload(of: token)
    case .invalidCertificateChain: validationTime = .distantFuture
    default: break
    }
    // What the verifier cannot find by itself (no revocation list, no device identifier to hash)
    // is the check's outcome as armed: the JWS is the one that would fail it.
    if let damage, damage == .revokedCertificate || damage == .invalidDeviceVerification {
      return SignedForDevice(payload: payload, jws: token, verification: .unverified(damage))
    }
    let verifier = device.storeKit2.verifier(of: try authority())
    do {
      _ = try verifier.verify(token, at: validationTime)
      return SignedForDevice(payload: payload, jws: token, verification: .verified)
    } catch {
      return SignedForDevice(
        payload: payload, jws: token, verification: .unverified(VerificationError(error)))
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
