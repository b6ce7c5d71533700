import Foundation
import StoreBenchKit

extension Product.PurchaseOption {
  /// A promotional offer in the test environment, which needs no signature.
  public static func promotionalOffer(id: String) -> Product.PurchaseOption {
    Product.PurchaseOption(.testPromotionalOffer(id: id))
  }

  /// An offer code's offer, by its reference name, in the test environment.
  public static func codeOffer(referenceName: String) -> Product.PurchaseOption {
    Product.PurchaseOption(.testCodeOffer(referenceName: referenceName))
  }

  /// A purchase made as though on an earlier date (`SKTestSession.buyProduct(identifier:options:)`);
  /// a date in the future is refused.
  public static func purchaseDate(
    _ date: Date, renewalBehavior: SubscriptionRenewalBehavior = .renewUntilNow
  ) -> Product.PurchaseOption {
    Product.PurchaseOption(.testPurchaseDate(date, cancelsImmediately: renewalBehavior == .cancelImmediately))
  }

  /// What a backdated subscription does from its purchase date until now.
  public enum SubscriptionRenewalBehavior: Codable, Hashable, Sendable {
    /// It renews each period up to now: every renewal has its transaction.
    case renewUntilNow
    /// Its auto-renew is off from the start: one period, then it expires.
    case cancelImmediately
  }
}
