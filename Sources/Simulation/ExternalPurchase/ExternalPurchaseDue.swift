/// A notification Apple owes the app's server about a token at an instant of the virtual clock.
enum ExternalPurchaseDue: Hashable, Sendable {
  /// The monthly `ACTIVE_TOKEN_REMINDER` of an active custom link token.
  case reminder(externalPurchaseId: String)
  /// The `UNREPORTED` notification of a token no report named in time.
  case unreported(externalPurchaseId: String)
}
