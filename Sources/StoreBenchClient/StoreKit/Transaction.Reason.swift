extension Transaction {
  /// Whether a transaction is a purchase or a renewal: an open set.
  public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
    /// The reason's name, as the App Store writes `transactionReason`.
    public let rawValue: String

    /// Creates a reason from its name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The customer bought (or upgraded, or redeemed).
    public static let purchase = Reason(rawValue: "PURCHASE")
    /// A subscription renewed.
    public static let renewal = Reason(rawValue: "RENEWAL")
  }
}
