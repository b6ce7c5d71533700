/// Where an uploaded retention image or message stands in the App Store's review: only an
/// `APPROVED` one is ever shown to a customer (Apple's `imageState` and `messageState`).
public enum RetentionReviewState: String, Hashable, Sendable, CaseIterable {
  /// Waiting for review.
  case pending = "PENDING"
  /// Reviewed and accepted: it may be shown.
  case approved = "APPROVED"
  /// Reviewed and refused: it is never shown.
  case rejected = "REJECTED"
}
