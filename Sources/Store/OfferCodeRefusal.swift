import Foundation

/// Why the App Store's redemption sheet refuses a code: the message it shows the customer, and
/// storebench's reason for it.
public struct OfferCodeRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of refusal, each with the App Store's message.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// No such code, or its offer is gone.
    case invalid
    /// A one-time code was redeemed before, or a custom code reached its limit.
    case alreadyRedeemed
    /// Its expiry passed.
    case expired
    /// Not offered in the customer's storefront.
    case wrongStorefront
    /// The customer is not among those the offer is for.
    case ineligible
    /// The customer already owns the product (a non-consumable) or it is not for sale.
    case unavailable
    /// The sheet itself failed (an error armed with `fail-next redeem`): no code was read.
    case sheetFailed

    /// What the sheet says.
    public var message: String {
      switch self {
      case .invalid: "This code is not valid."
      case .alreadyRedeemed: "This code has already been redeemed."
      case .expired: "This code has expired."
      case .wrongStorefront: "This offer is not available in your country or region."
      case .ineligible: "You are not eligible for this offer."
      case .unavailable: "This item is not available."
      case .sheetFailed: "The redemption sheet could not be shown."
      }
    }
  }

  /// Which refusal.
  public var kind: Kind
  /// Why, in storebench's words: which rule the code or customer failed.
  public var reason: String

  /// Creates a refusal.
  public init(_ kind: Kind, _ reason: String) {
    self.kind = kind
    self.reason = reason
  }

  /// `This code has expired. (expired 2026-12-31T00:00:00Z)`.
  public var description: String { "\(kind.message) (\(reason))" }
}
