extension Transaction {
  /// Why the App Store refunded or revoked a transaction: an open set.
  public struct RevocationReason: RawRepresentable, Equatable, Hashable, Sendable {
    /// The reason's number, as the App Store writes `revocationReason`.
    public let rawValue: Int

    /// Creates a reason from its number.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// The customer had a problem with the app (a refund for an issue).
    public static let developerIssue = RevocationReason(rawValue: 1)
    /// Another reason.
    public static let other = RevocationReason(rawValue: 0)

    /// The reason's name for people.
    public var localizedDescription: String {
      switch self {
      case .developerIssue: "Developer Issue"
      default: "Other"
      }
    }
  }
}
