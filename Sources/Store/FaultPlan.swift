import Vocabulary

/// Errors armed to make upcoming StoreKit calls fail, like SKTestSession's simulated errors: each
/// call takes one from the front of its API's list.
public struct FaultPlan: Hashable, Sendable {
  /// The StoreKit calls that can be made to fail.
  public enum API: String, CaseIterable, Hashable, Sendable {
    /// A payment: the transaction fails.
    case buy
    /// A products request: `request(_:didFailWithError:)`.
    case products
    /// A restore: `restoreCompletedTransactionsFailedWithError`.
    case restore
    /// A hosted-content download: it fails.
    case download
    /// The offer code redemption sheet (`redeem`): it fails before any code is read.
    case redeem
    /// StoreKit 2's `Product.SubscriptionInfo.status` (`subscription-status`): it throws.
    case subscriptionStatus = "subscription-status"
    /// StoreKit 2's `AppTransaction.shared` and `refresh()` (`app-transaction`): they throw.
    case appTransaction = "app-transaction"
    /// StoreKit 2's `Transaction.beginRefundRequest` (`refund-request`): the sheet fails.
    case refundRequest = "refund-request"
    /// StoreKit 2's check of a signed transaction: the next one the app gets is unverified.
    case verification
  }

  private var armed: [API: [SKErrorCode]] = [:]
  private var standing: [API: SKErrorCode] = [:]

  /// Creates a plan with nothing armed.
  public init() {}

  /// Creates a plan with these errors armed, each API's list taken from the front.
  public init(armed: [API: [SKErrorCode]]) {
    self.armed = armed.filter { !$0.value.isEmpty }
  }

  /// The errors armed, by API, each list in the order the calls take them.
  public var armedErrors: [API: [SKErrorCode]] { armed }

  /// Arms `count` failures of an API with an error.
  public mutating func arm(_ api: API, error: SKErrorCode, count: Int) {
    armed[api, default: []] += Array(repeating: error, count: count)
  }

  /// Makes every call of an API fail with an error once the counted failures are used up, as an
  /// Xcode StoreKit configuration's enabled error does; `nil` stops it.
  public mutating func armStanding(_ api: API, error: SKErrorCode?) {
    standing[api] = error
  }

  /// The error every call of an API fails with once the counted failures are used up, if any.
  public func standingError(_ api: API) -> SKErrorCode? { standing[api] }

  /// Takes the next armed failure of an API, if any: a counted one first, else the standing one.
  public mutating func take(_ api: API) -> SKErrorCode? {
    guard var errors = armed[api], !errors.isEmpty else { return standing[api] }
    let error = errors.removeFirst()
    armed[api] = errors
    return error
  }

  /// Stops every failure of an API: counted and standing ones.
  public mutating func disarm(_ api: API) {
    armed[api] = nil
    standing[api] = nil
  }

  /// How many failures wait for an API.
  public func count(_ api: API) -> Int { armed[api]?.count ?? 0 }

  /// Whether the next call of an API fails: a counted failure waits, or a standing one is set.
  public func failsNext(_ api: API) -> Bool { count(api) > 0 || standing[api] != nil }
}
