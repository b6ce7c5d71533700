import Foundation
import Verifier

/// What a customer's data says about the app and where it runs: receipt fields, a verifyReceipt
/// answer's `receipt`, or a signed payload's `bundleId`/`environment`/`appAppleId`.
public struct CustomerApp: Hashable, Sendable {
  /// `bundle_id` / `bundleId`.
  public var bundleId: String?
  /// `application_version`: the app version on the customer's device (`CFBundleVersion`).
  public var applicationVersion: String?
  /// `original_application_version`: the version first bought or downloaded.
  public var originalApplicationVersion: String?
  /// `original_purchase_date` of the app itself.
  public var originalPurchaseDate: Date?
  /// The environment that made the data: receipt type `ProductionSandbox` is the sandbox.
  public var environment: Verifier.Environment?
  /// `app_item_id` / `adam_id` / `appAppleId` (0 in the sandbox).
  public var appAppleId: Int64?
  /// `appTransactionId`: the customer's app download transaction, which every signed payload of
  /// API 1.15 and later carries.
  public var appTransactionNumber: UInt64?

  /// Nothing known.
  public init() {}
}
