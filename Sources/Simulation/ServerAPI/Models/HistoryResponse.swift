/// The answer of Get Transaction History (v1 and v2): one page of the customer's signed
/// transactions, sorted by modification date. Apple: `HistoryResponse`.
public struct HistoryResponse: Codable, Hashable, Sendable {
  /// `revision`: the token to ask for the next page with (with the same filters).
  public var revision: String
  /// `hasMore`: whether another page follows.
  public var hasMore: Bool
  /// `bundleId`: the app's bundle identifier.
  public var bundleId: String
  /// `appAppleId`: the app's Apple ID.
  public var appAppleId: Int64
  /// `environment`: `Sandbox` or `Production`.
  public var environment: String
  /// `signedTransactions`: JWS transactions, at most 20.
  public var signedTransactions: [String]

  /// Creates a response.
  public init(
    revision: String, hasMore: Bool, bundleId: String, appAppleId: Int64, environment: String,
    signedTransactions: [String]
  ) {
    self.revision = revision
    self.hasMore = hasMore
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.environment = environment
    self.signedTransactions = signedTransactions
  }
}
