import Foundation

/// The App Store itself: whether the customer can pay, and syncing their purchases.
public enum AppStore: Sendable {
  /// Whether the customer may make payments (parental controls can forbid them).
  public static var canMakePayments: Bool {
    CurrentStore.required("AppStore.canMakePayments").canMakePayments
  }

  /// The device's identifier for checking `deviceVerification` (`identifierForVendor`).
  public static var deviceVerificationID: UUID? {
    CurrentStore.required("AppStore.deviceVerificationID").deviceVerificationID
  }

  /// Syncs the customer's transactions with the App Store: StoreKit 2's restore, for a customer who
  /// asks for it. The device gets a new receipt.
  ///
  /// - Throws: ``StoreKitError`` when an error is armed for App Store sync.
  public static func sync() async throws {
    try await CurrentStore.required("AppStore.sync()").sync()
  }
}
