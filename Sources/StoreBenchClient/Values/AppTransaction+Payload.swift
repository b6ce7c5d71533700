import Foundation
import Verifier

/// The app transaction's signed payload (Verifier's `AppTransaction`), by a name that does not
/// clash with StoreKit's type or with X509's `Verifier`.
package typealias AppTransactionPayload = Verifier.AppTransaction

extension AppTransaction {
  /// The name the app transaction is presented under (its signing date kept, its device nonce).
  package static let presentedKey = "app"

  /// The app transaction a signed payload describes, as StoreKit reads it.
  package init(_ payload: Verifier.AppTransaction, signed: SignedValue) {
    appID = payload.appAppleId.map { UInt64($0) }
    appVersion = payload.applicationVersion ?? ""
    appVersionID = payload.versionExternalIdentifier.flatMap { $0 == 0 ? nil : UInt64($0) }
    bundleID = payload.bundleId ?? ""
    environment = AppStore.Environment(
      rawValue: payload.rawReceiptType ?? AppStore.Environment.sandbox.rawValue)
    originalAppVersion = payload.originalApplicationVersion ?? ""
    originalPurchaseDate = payload.originalPurchaseDate ?? .distantPast
    originalPlatform = AppStore.Platform(
      rawValue: payload.rawOriginalPlatform ?? AppStore.Platform.iOS.rawValue)
    preorderDate = payload.preorderDate
    deviceVerification = payload.deviceVerification.flatMap { Data(base64Encoded: $0) } ?? Data()
    deviceVerificationNonce =
      payload.deviceVerificationNonce.flatMap(UUID.init(uuidString:)) ?? UUID(bytes: [])
    signedDate = payload.receiptCreationDate ?? .distantPast
    appTransactionID = payload.appTransactionId ?? ""
    self.signed = signed
  }
}
