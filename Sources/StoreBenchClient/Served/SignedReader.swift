import Crypto
import Foundation
import Verifier
import X509

/// Reads the signed values a served world sends, as StoreKit reads what the App Store sends: each
/// JWS verified against the served world's root (its chain, its ES256 signature), its
/// `deviceVerification` checked against this device, and the world's own verdict kept when it
/// found the value damaged (a failure a test armed).
package struct SignedReader: Sendable {
  private let verifier: JWSVerifier
  /// The device's identifier for vendor, which every `deviceVerification` covers.
  let deviceVerificationID: UUID

  /// A reader trusting one root.
  package init(root: Certificate, deviceVerificationID: UUID) {
    verifier = JWSVerifier(trustedRoots: [root])
    self.deviceVerificationID = deviceVerificationID
  }

  /// A transaction.
  package func transaction(_ wire: SignedWire) -> VerificationResult<Transaction> {
    read(wire, as: JWSTransactionDecodedPayload.self, signedDate: \.signedDate) { payload, signed in
      let storefront =
        wire.storefront.map(Storefront.init)
        ?? Storefront(
          countryCode: payload.storefront ?? "", id: payload.storefrontId ?? "",
          currencyCode: payload.currency ?? "")
      return Transaction(payload, signed: signed, storefront: storefront)
    }
  }

  /// A subscription's renewal info.
  package func renewalInfo(_ wire: SignedWire) -> VerificationResult<Product.SubscriptionInfo.RenewalInfo> {
    read(wire, as: JWSRenewalInfoDecodedPayload.self, signedDate: \.signedDate) { payload, signed in
      Product.SubscriptionInfo.RenewalInfo(payload, signed: signed)
    }
  }

  /// The app transaction.
  package func appTransaction(_ wire: SignedWire) -> VerificationResult<AppTransaction> {
    read(wire, as: AppTransactionPayload.self, signedDate: \.receiptCreationDate) { payload, signed in
      AppTransaction(payload, signed: signed)
    }
  }

  /// A subscription's status.
  package func status(_ wire: StatusWire) -> Product.SubscriptionInfo.Status {
    Product.SubscriptionInfo.Status(
      state: Product.SubscriptionInfo.RenewalState(rawValue: wire.state),
      transaction: transaction(wire.transaction),
      renewalInfo: renewalInfo(wire.renewalInfo))
  }

  /// Decodes the payload (as far as it decodes: a value always comes back, as StoreKit gives an
  /// unverified value), then checks the signature, the device, and the world's verdict, in order.
  private func read<Payload: Decodable & DeviceVerified, Value>(
    _ wire: SignedWire, as type: Payload.Type, signedDate: KeyPath<Payload, Date?>,
    _ make: (Payload, SignedValue) -> Value
  ) -> VerificationResult<Value> {
    let token = try? JWSToken(compact: wire.jws)
    let decoded = token.flatMap { try? $0.decodePayload(as: Payload.self) }
    let payload = decoded ?? Payload.empty
    let value = make(payload, SignedValue(compact: wire.jws, payloadJSON: Data(token?.payload ?? [])))
    guard decoded != nil else { return .unverified(value, .invalidEncoding) }
    do {
      _ = try verifier.verify(wire.jws, at: payload[keyPath: signedDate] ?? Date())
    } catch {
      return .unverified(value, Self.verificationError(error.check))
    }
    guard payload.verifies(deviceVerificationID) else {
      return .unverified(value, .invalidDeviceVerification)
    }
    if let name = wire.unverified {
      return .unverified(value, VerificationResult<Value>.VerificationError(named: name) ?? .invalidSignature)
    }
    return .verified(value)
  }

  /// The StoreKit error for a failed check.
  static func verificationError<T>(_ check: VerificationCheck) -> VerificationResult<T>.VerificationError {
    switch check {
    case .signatureMismatch: .invalidSignature
    case .malformedToken, .malformedHeader, .malformedPayload: .invalidEncoding
    case .certificateValidity: .revokedCertificate
    default: .invalidCertificateChain
    }
  }
}

/// A signed payload carrying StoreKit's device check: SHA-384 of the nonce and the device's
/// identifier for vendor, both lowercased, in base64.
package protocol DeviceVerified {
  var deviceVerification: String? { get }
  var deviceVerificationNonce: String? { get }
  /// A payload with nothing in it: what an app gets for a JWS whose payload does not decode.
  static var empty: Self { get }
}

extension DeviceVerified {
  /// Whether the payload was signed for this device.
  func verifies(_ deviceVerificationID: UUID) -> Bool {
    guard let nonce = deviceVerificationNonce, let check = deviceVerification else { return false }
    let text = nonce.lowercased() + deviceVerificationID.uuidString.lowercased()
    return Data(SHA384.hash(data: Data(text.utf8))).base64EncodedString() == check
  }
}

extension JWSTransactionDecodedPayload: DeviceVerified {
  package static var empty: Self { Self(transactionId: nil) }
}

extension JWSRenewalInfoDecodedPayload: DeviceVerified {
  package static var empty: Self { Self(originalTransactionId: nil) }
}

extension AppTransactionPayload: DeviceVerified {
  package static var empty: Self { Self(bundleId: nil) }
}

extension Storefront {
  /// A storefront from the wire.
  init(_ wire: StorefrontWire) {
    self.init(countryCode: wire.countryCode, id: wire.id, currencyCode: wire.currencyCode ?? "")
  }
}
