import Verifier

/// The JSON body a client posts to verifyReceipt. Apple: `requestBody`.
///
/// ```json
/// {"receipt-data": "MIIT…", "password": "…", "exclude-old-transactions": true}
/// ```
///
/// Decoding ignores keys this model does not know, as Apple's endpoint does.
public struct RequestBody: Codable, Hashable, Sendable {
  /// `receipt-data`: the receipt, base64.
  public var receiptData: String
  /// `password`: the app's shared secret, needed for receipts with auto-renewable subscriptions.
  public var password: String?
  /// `exclude-old-transactions`: only the latest renewal of each subscription in
  /// `latest_receipt_info`.
  public var excludeOldTransactions: Bool?

  enum CodingKeys: String, CodingKey {
    case receiptData = "receipt-data"
    case password
    case excludeOldTransactions = "exclude-old-transactions"
  }

  /// Creates a body.
  ///
  /// - Parameters:
  ///   - receiptData: The receipt, base64.
  ///   - password: The app's shared secret.
  ///   - excludeOldTransactions: Whether to leave out old renewals.
  public init(receiptData: String, password: String? = nil, excludeOldTransactions: Bool? = nil) {
    self.receiptData = receiptData
    self.password = password
    self.excludeOldTransactions = excludeOldTransactions
  }

  /// The request this body makes of an endpoint.
  ///
  /// - Parameter endpoint: The endpoint it was posted to: production or sandbox.
  /// - Returns: The request, for ``VerifyReceiptService/verify(_:)``.
  public func request(to endpoint: Verifier.Environment) -> VerifyReceiptService.Request {
    VerifyReceiptService.Request(
      receiptData: Array(receiptData.utf8), password: password, endpoint: endpoint,
      excludeOldTransactions: excludeOldTransactions ?? false)
  }
}
