import Foundation

/// The app's own signed download record: who got the app, when, and which version first. Two app
/// transactions are equal when their JSON is.
public struct AppTransaction: Equatable, Hashable, CustomDebugStringConvertible, Sendable, _SignedStoreValue {
  /// The app's App Store identifier; `nil` in the sandbox and in Xcode.
  public let appID: UInt64?
  /// The version being run.
  public let appVersion: String
  /// The version's App Store identifier; `nil` in the sandbox and in Xcode.
  public let appVersionID: UInt64?
  /// The bundle identifier.
  public let bundleID: String
  /// The server environment.
  public let environment: AppStore.Environment
  /// The version the customer first got.
  public let originalAppVersion: String
  /// When the customer first got the app.
  public let originalPurchaseDate: Date
  /// The platform the customer first got the app on.
  public let originalPlatform: AppStore.Platform
  /// When the customer pre-ordered the app, if they did.
  public let preorderDate: Date?
  /// The device's check value (see ``Transaction/deviceVerification``).
  public let deviceVerification: Data
  /// The nonce in ``deviceVerification``.
  public let deviceVerificationNonce: UUID
  /// When the App Store signed it.
  public let signedDate: Date
  /// The app's download transaction: the same for every app transaction of the customer.
  public let appTransactionID: String
  package let signed: SignedValue

  /// The app transaction's JSON, as signed.
  public var jsonRepresentation: Data { signed.payloadJSON }

  /// The JSON text.
  public var debugDescription: String { String(decoding: signed.payloadJSON, as: UTF8.self) }

  /// The original platform, as text.
  @available(*, deprecated, message: "use originalPlatform")
  public var originalPlatformStringRepresentation: String { originalPlatform.rawValue }

  /// The app transaction, signed and checked.
  ///
  /// - Throws: ``StoreKitError`` when an error is armed for the app transaction.
  public static var shared: VerificationResult<AppTransaction> {
    get async throws {
      try await CurrentStore.required("AppTransaction.shared").appTransaction(refresh: false)
    }
  }

  /// Asks the App Store for the app transaction again (the customer may be asked to sign in).
  ///
  /// - Throws: ``StoreKitError`` when an error is armed for the app transaction.
  public static func refresh() async throws -> VerificationResult<AppTransaction> {
    try await CurrentStore.required("AppTransaction.refresh()").appTransaction(refresh: true)
  }

  /// Compares the JSON, as StoreKit does.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.signed.payloadJSON == rhs.signed.payloadJSON }

  /// Hashes the JSON.
  public func hash(into hasher: inout Hasher) { hasher.combine(signed.payloadJSON) }

  /// The compact JWS (for ``VerificationResult``'s JWS accessors).
  public var _compactJWS: String { signed.compact }
}
