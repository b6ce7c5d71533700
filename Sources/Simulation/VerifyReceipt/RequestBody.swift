import JSON
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

extension RequestBody {
  /// Why a body is not a verifyReceipt request.
  public struct ParseError: Error, Hashable, Sendable {
    /// What is wrong.
    public var reason: String
  }

  /// Reads a request body with the house parser (``JSONParser``), which copies the long
  /// `receipt-data` string in one run, where `JSONDecoder` takes several times as long; it
  /// accepts and refuses what `JSONDecoder` does with this model's `Codable` conformance (a tested
  /// equality): an object with a string `receipt-data`, an optional string `password` and an optional
  /// boolean `exclude-old-transactions` (`null` counts as absent; of a key given twice, the first
  /// counts), other keys ignored.
  ///
  /// - Throws: ``ParseError`` for anything else.
  public init(parsing bytes: [UInt8]) throws(ParseError) {
    guard case .object(let members)? = try? JSONParser.parse(bytes) else {
      throw ParseError(reason: "not a JSON object")
    }
    func value(_ key: CodingKeys) -> JSONValue? {
      members.first { $0.key == key.rawValue }?.value
    }
    guard case .string(let receiptData)? = value(.receiptData) else {
      throw ParseError(reason: "receipt-data is not a string")
    }
    self.init(receiptData: receiptData)
    switch value(.password) {
    case nil, .null?: password = nil
    case .string(let text)?: password = text
    default: throw ParseError(reason: "password is not a string")
    }
    switch value(.excludeOldTransactions) {
    case nil, .null?: excludeOldTransactions = nil
    case .bool(let flag)?: excludeOldTransactions = flag
    default: throw ParseError(reason: "exclude-old-transactions is not a boolean")
    }
  }
}
