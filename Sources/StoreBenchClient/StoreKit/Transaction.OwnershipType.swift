extension Transaction {
  /// Whether the customer bought the product or has it through Family Sharing: an open set.
  public struct OwnershipType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The type's name, as the App Store writes `inAppOwnershipType`.
    public let rawValue: String

    /// Creates a type from its name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Bought by the customer.
    public static let purchased = OwnershipType(rawValue: "PURCHASED")
    /// Shared by a family member.
    public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")

    /// The type's name for people.
    public var localizedDescription: String {
      switch self {
      case .purchased: "Purchased"
      case .familyShared: "Family Shared"
      default: rawValue
      }
    }
  }
}
