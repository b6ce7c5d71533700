/// What an app answers `paymentQueue(_:shouldAddStorePayment:for:)` when a customer starts a
/// purchase on the App Store's product page (a promoted in-app purchase).
public enum StorePaymentDecision: String, CaseIterable, Hashable, Sendable {
  /// `true`: the payment is added now.
  case continueNow = "continue"
  /// `false`, keeping the payment to add later (after onboarding, say).
  case deferForLater = "defer"
  /// `false`, dropping it.
  case cancel
}
