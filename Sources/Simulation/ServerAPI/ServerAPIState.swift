import Store

/// What the App Store Server API keeps beside Apple's records: the fault switches, what app
/// servers sent (consumption information, app account tokens, renewal-date extension requests).
public struct ServerAPIState: Sendable {
  /// The fault switches in force, in the order they were set.
  public internal(set) var faults: [ServerFault] = []
  /// The latest consumption information sent for each transaction, by transaction number.
  public var consumption: [UInt64: ConsumptionInformation] = [:]
  /// Completed mass renewal-date extensions, oldest first.
  public internal(set) var massExtensions: [MassExtensionRecord] = []
  /// Where each mass extension is in ``massExtensions``, by product and request identifier.
  var massExtensionIndex: [String: Int] = [:]
  /// The answers given to single renewal-date extensions, by original transaction and request
  /// identifier: the same request again gets the same answer, applied once.
  var extensionAnswers: [String: ExtendRenewalDateResponse] = [:]
  /// App account tokens set by the app's server, by original transaction: each applies to the
  /// transactions from `from` on (the current one and later ones), until the next.
  var appAccountTokens: [UInt64: [(from: UInt64, token: String)]] = [:]

  /// Creates an empty state.
  public init() {}

  /// Sets a fault, replacing one of the same kind on the same endpoint.
  public mutating func set(_ fault: ServerFault) {
    faults.removeAll { $0.endpoint == fault.endpoint && $0.kind.word == fault.kind.word }
    faults.append(fault)
  }

  /// Clears every fault.
  public mutating func clearFaults() {
    faults = []
  }

  /// The faults that apply to an endpoint.
  public func faults(for endpoint: String) -> [ServerFault.Kind] {
    faults.filter { $0.applies(to: endpoint) }.map(\.kind)
  }

  /// The most recent mass extension, for the `RENEWAL_EXTENSION/SUMMARY` notification.
  public var lastMassExtension: MassExtensionRecord? { massExtensions.last }

  /// A completed mass extension, by product and request identifier.
  public func massExtension(productId: String, requestIdentifier: String) -> MassExtensionRecord? {
    massExtensionIndex[Self.key(productId, requestIdentifier)].map { massExtensions[$0] }
  }

  /// Records a completed mass extension.
  mutating func record(_ extension: MassExtensionRecord) {
    massExtensionIndex[Self.key(`extension`.productId, `extension`.requestIdentifier)] = massExtensions.count
    massExtensions.append(`extension`)
  }

  /// Sets the app account token of an original transaction from a transaction on.
  mutating func setAppAccountToken(_ token: String, originalTransactionNumber: UInt64, from number: UInt64) {
    appAccountTokens[originalTransactionNumber, default: []].append((number, token))
  }

  /// The app account token a transaction carries: the latest set for its original transaction
  /// from it or an earlier transaction on.
  public func appAccountToken(for record: PurchaseRecord) -> String? {
    appAccountTokens[record.originalTransactionNumber]?.last { $0.from <= record.transactionNumber }?.token
  }

  static func key(_ first: String, _ second: String) -> String {
    "\(first.utf8.count):\(first)/\(second)"
  }
}
