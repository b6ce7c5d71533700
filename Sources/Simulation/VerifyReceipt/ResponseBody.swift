import Foundation
import JSON

/// The JSON body of a verifyReceipt answer. Apple: `responseBody` (App Store Receipts documentation, verifyReceipt).
///
/// Keys are Apple's; `status` is always there, every other key may be missing. Decoding ignores keys
/// this model does not know, such as the `exception` of Apple's error bodies.
public struct ResponseBody: Codable, Hashable, Sendable, JSONObjectWritable {
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

  /// Writes the members in the order of Apple's answers, `status` first in a failure and last in
  /// a success, `receipt` before `environment`: the one list that both ``compactJSON()`` and
  /// `encode(to:)` (so ``renderedJSON(isCompact:)``) write.
  ///
  /// - Parameter writer: The writer to write them to.
  /// - Throws: What the writer throws.
  public func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
    if status != 0 { try writer.member(CodingKeys.status.rawValue, status) }
    try writer.member(CodingKeys.receipt.rawValue, receipt)
    try writer.member(CodingKeys.environment.rawValue, environment)
    try writer.member(CodingKeys.isRetryable.rawValue, isRetryable)
    try writer.member(CodingKeys.isRetryableUnderscored.rawValue, isRetryableUnderscored)
    try writer.member(CodingKeys.latestReceipt.rawValue, latestReceipt)
    try writer.member(CodingKeys.latestReceiptInfo.rawValue, latestReceiptInfo)
    try writer.member(CodingKeys.pendingRenewalInfo.rawValue, pendingRenewalInfo)
    if status == 0 { try writer.member(CodingKeys.status.rawValue, status) }
  }

  /// The compact JSON text verifyReceipt answers, written straight into one buffer
  /// (``CompactJSONWriter``) from ``writeMembers(to:)``: the same bytes as
  /// `renderedJSON(isCompact: true)`, which goes through `Encodable`, in a fraction of the time.
  ///
  /// - Returns: The UTF-8 text.
  public func compactJSON() -> [UInt8] {
    let capacity =
      1024 + ((receipt?.inApp.count ?? 0) + (latestReceiptInfo?.count ?? 0)) * 1100
      + (latestReceipt?.utf8.count ?? 0)
    do {
      return try compactJSON(capacity: capacity)
    } catch {
      // Every member is a string, an integer, a flag or such an object: nothing here throws.
      preconditionFailure("verifyReceipt's body as JSON: \(error)")
    }
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
