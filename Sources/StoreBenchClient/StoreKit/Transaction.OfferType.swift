extension Transaction {
  /// The kind of offer a transaction was bought in: an open set.
  public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The kind's number, as the App Store writes `offerType`.
    public let rawValue: Int

    /// Creates a kind from its number.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// An introductory offer.
    public static let introductory = OfferType(rawValue: 1)
    /// A promotional offer.
    public static let promotional = OfferType(rawValue: 2)
    /// An offer code.
    public static let code = OfferType(rawValue: 3)
    /// A win-back offer.
    public static var winBack: OfferType { OfferType(rawValue: 4) }

    /// The kind's name for people.
    public var localizedDescription: String {
      switch self {
      case .introductory: "Introductory"
      case .promotional: "Promotional"
      case .code: "Code"
      case .winBack: "Win-Back"
      default: "Unknown"
      }
    }
  }
}
