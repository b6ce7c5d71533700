import Foundation
import JSON

/// The JSON body of a verifyReceipt answer. Apple: `responseBody` (App Store Receipts documentation, verifyReceipt).
///
/// Keys are Apple's; `status` is always there, every other key may be missing. Decoding ignores keys
/// this model does not know, such as the `exception` of Apple's error bodies.
public struct ResponseBody: Codable, Hashable, Sendable {
  /// `environment`: `Sandbox` or `Production`, the endpoint that answered.
  public var environment: String?
  /// `is-retryable`, as Apple documents it: whether a 21100–21199 failure may succeed if tried
  /// again.
  public var isRetryable: Bool?
  /// `is_retryable`, as Apple's servers write it in error bodies: the same as ``isRetryable``.
  public var isRetryableUnderscored: Bool?
  /// `latest_receipt`: the app's latest receipt, base64; only for receipts with auto-renewable
  /// subscriptions.
  public var latestReceipt: String?
  /// `latest_receipt_info`: every transaction of the account but finished consumables, newest
  /// first; only for receipts with auto-renewable subscriptions.
  public var latestReceiptInfo: [LatestReceiptInfo]?
  /// `pending_renewal_info`: one entry a subscription group, what renews next; only for receipts
  /// with auto-renewable subscriptions.
  public var pendingRenewalInfo: [PendingRenewalInfo]?
  /// `receipt`: the receipt that was sent, decoded.
  public var receipt: Receipt?
  /// `status`: 0 when the receipt is valid, else the error code (21000–21199).
  public var status: Int

  enum CodingKeys: String, CodingKey {
    case environment
    case isRetryable = "is-retryable"
    case isRetryableUnderscored = "is_retryable"
    case latestReceipt = "latest_receipt"
    case latestReceiptInfo = "latest_receipt_info"
    case pendingRenewalInfo = "pending_renewal_info"
    case receipt
    case status
  }

  /// Writes the keys in the order of Apple's answers: `status` first in a failure and last in a
  /// success, `receipt` before `environment`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if status != 0 { try container.encode(status, forKey: .status) }
    try container.encodeIfPresent(receipt, forKey: .receipt)
    try container.encodeIfPresent(environment, forKey: .environment)
    try container.encodeIfPresent(isRetryable, forKey: .isRetryable)
    try container.encodeIfPresent(isRetryableUnderscored, forKey: .isRetryableUnderscored)
    try container.encodeIfPresent(latestReceipt, forKey: .latestReceipt)
    try container.encodeIfPresent(latestReceiptInfo, forKey: .latestReceiptInfo)
    try container.encodeIfPresent(pendingRenewalInfo, forKey: .pendingRenewalInfo)
    if status == 0 { try container.encode(status, forKey: .status) }
  }

  /// The JSON text, keys in the order Apple writes them: indented two spaces a level, as
  /// `verify --json` prints it, or compact, as Apple's endpoint answers.
  ///
  /// - Parameter isCompact: Whether the text has no white space at all.
  /// - Throws: `EncodingError` if a value cannot be written as JSON (none of this model's can).
  /// - Returns: The text, without a final line break.
  public func renderedJSON(isCompact: Bool = false) throws -> String {
    try OrderedJSONEncoder(isCompact: isCompact).encode(self)
  }
}
