import ArgumentParser
import Foundation
import Queue

/// The fields of a legacy promotional-offer signature, as `buy --discount` (`SKPaymentDiscount`)
/// and `purchase --promotional-offer` take them. A field left out is missing from the payment,
/// which then fails with SKError 13 `missingOfferParams`, as StoreKit's would.
struct OfferSignatureOptions: ParsableArguments {
  @Option(help: "The In-App Purchase key's id.", completion: .session(.offerKeys))
  var keyId: String?

  @Option(help: "The signature's nonce, a UUID.")
  var nonce: String?

  @Option(help: "When the signature was made, in milliseconds since 1970.")
  var timestamp: String?

  @Option(help: "The signature: DER, base64 (`offer-key sign` makes one).")
  var signature: String?

  /// Whether any field was given.
  var isGiven: Bool { [keyId, nonce, timestamp, signature].contains { $0 != nil } }

  func validate() throws {
    if let nonce, UUID(uuidString: nonce) == nil {
      throw ValidationError("--nonce takes a UUID, such as 7e3f5a2c-1b9d-4c8e-a6f0-3d2b1c9e8a7f")
    }
    if let timestamp, Int64(timestamp) == nil {
      throw ValidationError("--timestamp takes milliseconds since 1970, such as 1767225600000")
    }
  }

  /// The fields as the payment carries them, with the username or token the app passed.
  func fields(appAccountToken: String?) -> LegacyOfferSignature {
    LegacyOfferSignature(
      keyId: keyId ?? "", nonce: nonce ?? "", timestamp: timestamp ?? "", signature: signature ?? "",
      appAccountToken: appAccountToken ?? "")
  }
}
