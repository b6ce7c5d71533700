extension TestStore {
  /// Places where real StoreKit is known to behave differently from its documentation, each a
  /// switch, off by default: a test turns one on to check that the app copes with it.
  public struct Quirks: Hashable, Sendable {
    /// A purchase made with `product.purchase()` also reaches `Transaction.updates`, although
    /// StoreKit documents that `updates` leaves out the app's own purchases (reported on iOS 17
    /// and 18 devices and in the sandbox, Apple Developer Forums). An app that delivers in both
    /// places delivers twice. Off: only the purchase result carries it.
    public var purchasesAlsoReachUpdates = false
    /// `isEligibleForIntroOffer` keeps its first answer for a group while the app runs, even after
    /// the customer redeemed the offer: an answer kept for the app's lifetime, as app teams report
    /// (the one public trace found is an SDK's own cache, Superwall-iOS PR #480, 2026). Off: it
    /// answers from the App Store's records each time.
    public var introOfferEligibilityIsCached = false

    /// Every quirk off.
    public init() {}
  }
}
