import Catalog

/// Why a customer's access to an auto-renewable subscription's product ended: the moments an app
/// that checks its entitlements as Apple documents locks it (only `subscribed` and
/// `inGracePeriod` entitle, and a group entitles to its current product only).
public enum AccessEnd: Hashable, Sendable {
  /// The subscription expired.
  case expired
  /// A renewal failed with no billing grace period: billing retry goes on without access.
  case billingRetry
  /// The billing grace period ended while billing retry goes on.
  case gracePeriodEnded
  /// An upgrade (or a crossgrade that takes effect at once) replaced the product now: the group
  /// entitles to the new one.
  case upgraded(to: String)
  /// A change of plan took effect at the renewal: the group renewed as another product.
  case renewedAs(String)

  /// How log lines say it: `expired`, `in billing retry`, `grace period over`,
  /// `upgraded to pro.monthly`, `renewed as pro.yearly`.
  public var words: String {
    switch self {
    case .expired: "expired"
    case .billingRetry: "in billing retry"
    case .gracePeriodEnded: "grace period over"
    case .upgraded(let product): "upgraded to \(product)"
    case .renewedAs(let product): "renewed as \(product)"
    }
  }

  /// Whether the whole subscription group stops entitling (expiry, billing retry without access),
  /// rather than one product giving way to another of its group.
  public var endsGroupAccess: Bool {
    switch self {
    case .expired, .billingRetry, .gracePeriodEnded: true
    case .upgraded, .renewedAs: false
    }
  }

  /// The products an app that grants access by subscription group takes away: the product, and
  /// when the group stops entitling, every other product of its group too (whatever the app had
  /// unlocked of it).
  ///
  /// - Parameters:
  ///   - productId: The product whose access ended.
  ///   - catalog: The catalog that says which group it belongs to.
  /// - Returns: `productId` first, then the rest of its group in catalog order.
  public func products(losingAccessWith productId: String, in catalog: Catalog) -> [String] {
    guard endsGroupAccess else { return [productId] }
    return Self.group(of: productId, in: catalog)
  }

  /// A product and, for an auto-renewable subscription, the other products of its group: what a
  /// refund or the end of access takes away.
  ///
  /// - Parameters:
  ///   - productId: The product.
  ///   - catalog: The catalog that says which group it belongs to.
  /// - Returns: `productId` first, then the rest of its group in catalog order.
  public static func group(of productId: String, in catalog: Catalog) -> [String] {
    guard let group = catalog.product(productId)?.subscription?.group else { return [productId] }
    return [productId] + catalog.products(inGroup: group).map(\.id).filter { $0 != productId }
  }
}
