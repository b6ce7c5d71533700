import Foundation

/// An offer code (App Store Connect "offer codes", a `.storekit` file's `codeOffers`): a discount
/// customers redeem with a code, outside the app, rather than buy with an offer identifier.
///
/// For an auto-renewable subscription the terms are subscription periods at a reduced price; for
/// any other product, a one-time price (often free).
public struct CodeOffer: Hashable, Sendable {
  /// Who may redeem it.
  public enum Eligibility: String, CaseIterable, Hashable, Sendable {
    /// Customers who never subscribed to the group.
    case new
    /// Customers subscribed now.
    case existing
    /// Customers whose subscription lapsed.
    case expired
  }

  /// A custom code the catalog declares, such as `SPRINGPROMO`: any customer may redeem it, up to a
  /// limit, until it expires.
  public struct CustomCode: Hashable, Sendable {
    /// The code customers type, upper case.
    public var code: String
    /// How many redemptions it allows in all; `nil` for no limit.
    public var limit: Int?
    /// When it stops working; `nil` when it does not expire.
    public var expires: Date?

    /// Creates a custom code.
    public init(code: String, limit: Int? = nil, expires: Date? = nil) {
      self.code = code
      self.limit = limit
      self.expires = expires
    }

    /// A date as the catalog writes it: ISO 8601 in UTC, to the second.
    static func dateText(_ date: Date) -> String {
      date.formatted(.iso8601)
    }

    /// A date the catalog gives: `2027-01-31` (midnight UTC) or `2027-01-31T12:00:00Z`.
    public static func date(_ text: String) -> Date? {
      if let date = try? Date(text, strategy: .iso8601) { return date }
      return try? Date(text, strategy: .iso8601.year().month().day())
    }

    /// Whether a code is as App Store Connect allows custom codes: 1 to 64 ASCII letters and digits,
    /// upper case.
    public static func isWellFormed(_ code: String) -> Bool {
      (1...64).contains(code.count)
        && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
  }

  /// The internal name, such as `Special Winter Offer`: what the App Store reports as the
  /// transaction's `offerIdentifier` and the receipt's `offer_code_ref_name`.
  public var referenceName: String
  /// What the customer pays and for how long: an offer of kind ``Offer/Kind/code`` whose
  /// identifier is ``referenceName``.
  public var terms: Offer
  /// Who may redeem it; never empty. Applies to subscriptions only.
  public var eligibility: [Eligibility]
  /// Whether it can be combined with an introductory offer.
  public var isStackable: Bool
  /// The storefronts (alpha-3) where it can be redeemed; `nil` for every storefront.
  public var storefronts: [String]?
  /// Custom codes the catalog declares for it.
  public var customCodes: [CustomCode] = []

  /// Creates an offer code.
  public init(
    referenceName: String, terms: Offer, eligibility: [Eligibility], isStackable: Bool,
    storefronts: [String]? = nil
  ) {
    self.referenceName = referenceName
    var terms = terms
    terms.kind = .code
    terms.id = referenceName
    self.terms = terms
    self.eligibility = eligibility
    self.isStackable = isStackable
    self.storefronts = storefronts
  }
}
