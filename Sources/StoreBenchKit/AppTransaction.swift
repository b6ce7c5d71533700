import Foundation
import Verifier

/// StoreKit 2's `AppTransaction`: the app's download record.
public struct AppTransaction: Sendable, Hashable {
  /// The bundle id.
  public let bundleID: String
  /// The app version.
  public let appVersion: String
  /// The version the customer first got.
  public let originalAppVersion: String
  /// When the customer first got the app.
  public let originalPurchaseDate: Date
  /// The app's download transaction id, when the world gives one.
  public let appTransactionID: String?

  init(_ payload: Verifier.AppTransaction) {
    bundleID = payload.bundleId ?? ""
    appVersion = payload.applicationVersion ?? ""
    originalAppVersion = payload.originalApplicationVersion ?? ""
    originalPurchaseDate = payload.originalPurchaseDate ?? .distantPast
    appTransactionID = payload.appTransactionId
  }

  /// `AppTransaction.shared`.
  ///
  /// - Throws: ``TestStoreError`` outside `TestStore.run`.
  public static var shared: AppTransaction {
    get async throws { try await TestStore.required().appTransaction() }
  }
}
