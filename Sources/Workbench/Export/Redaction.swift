import Foundation
import Simulation
import Store

/// How `export script --redact` replaces a customer's identifiers, built once per export so that the
/// same real identifier always gives the same stand-in.
///
/// Transaction ids (original ids follow their transaction) and web order line item ids keep their
/// order and digit count; app account tokens become fresh UUIDs counted in order of appearance;
/// accounts other than `default` become `customer-1`, `customer-2`…, devices other than `iPhone`
/// `device-1`…; the app's Apple ID, notification URLs' hosts and the shared secret are replaced. No
/// stand-in equals a real identifier of the world. Without redaction every mapping is the identity.
struct Redaction {
  /// Whether anything is replaced.
  let isActive: Bool
  private var transactions: [UInt64: UInt64] = [:]
  private var lineItems: [UInt64: UInt64] = [:]
  private var tokens: [String: String] = [:]
  private var accounts: [String: String] = [:]
  private var devices: [String: String] = [:]
  private var hosts: [String: String] = [:]
  private var appAppleIdStandIn: Int64?
  private var sharedSecretStandIn: String?

  /// The identity: nothing is replaced.
  static let none = Redaction(isActive: false)

  private init(isActive: Bool) {
    self.isActive = isActive
  }

  /// The redaction of a world's identifiers; what a fresh world (`baseline`) has too (its account,
  /// device and app Apple ID) is no customer's and stays.
  init(redacting world: World, baseline: World) {
    self.init(isActive: true)
    let records = world.store.allAccounts.flatMap(\.history)
    let transactionNumbers = records.flatMap {
      [$0.transactionNumber, $0.originalTransactionNumber]
        + [$0.sharedFromTransactionNumber].compactMap { $0 }
    }
    let lineItemNumbers = records.compactMap(\.webOrderLineItemNumber)
    var taken = Set(transactionNumbers + lineItemNumbers)
    transactions = Self.renumber(transactionNumbers, avoiding: &taken)
    lineItems = Self.renumber(lineItemNumbers, avoiding: &taken)
    tokens = Self.standInTokens(records.compactMap { world.serverAPI.appAccountToken(for: $0) })
    accounts = Self.names(
      world.store.allAccounts.map(\.name), keeping: Set(baseline.store.allAccounts.map(\.name)),
      prefix: "customer-")
    devices = Self.names(
      world.devices.map(\.name), keeping: Set(baseline.devices.map(\.name)), prefix: "device-")
    hosts = Self.standInHosts(world.notifications.urls.compactMap { URLComponents(string: $0.url)?.host })
    if world.appAppleId != baseline.appAppleId {
      appAppleIdStandIn = Self.standInAppleId(for: world.appAppleId)
    }
    sharedSecretStandIn = world.sharedSecret.map { String(repeating: "0", count: max($0.count, 1)) }
  }

  // MARK: Mappings

  /// A transaction id's stand-in.
  func transaction(_ number: UInt64) -> UInt64 { transactions[number] ?? number }

  /// A web order line item id's stand-in.
  func lineItem(_ number: UInt64) -> UInt64 { lineItems[number] ?? number }

  /// An app account token's stand-in.
  func token(_ token: String) -> String { tokens[token] ?? token }

  /// An account name's stand-in.
  func account(_ name: String) -> String { accounts[name] ?? name }

  /// A device name's stand-in.
  func device(_ name: String) -> String { devices[name] ?? name }

  /// The app's Apple ID's stand-in.
  func appAppleId(_ id: Int64) -> Int64 { appAppleIdStandIn ?? id }

  /// The shared secret's stand-in.
  func sharedSecret(_ secret: String) -> String { sharedSecretStandIn ?? secret }

  /// A notification URL with its host replaced.
  func url(_ url: String) -> String {
    guard var components = URLComponents(string: url), let host = components.host, let standIn = hosts[host]
    else { return url }
    components.host = standIn
    return components.string ?? url
  }

  /// `redacted: 3 transaction ids, 1 web order line item ids, …`, or nil without redaction.
  var summary: String? {
    guard isActive else { return nil }
    let counts: [(Int, String)] = [
      (changed(transactions), "transaction id"), (changed(lineItems), "web order line item id"),
      (tokens.count, "app account token"), (changed(accounts), "account name"),
      (changed(devices), "device name"), (appAppleIdStandIn == nil ? 0 : 1, "app Apple ID"),
      (hosts.count, "notification host"), (sharedSecretStandIn == nil ? 0 : 1, "shared secret"),
    ]
    let parts = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    guard !parts.isEmpty else { return "redacted: nothing (no customer identifier in the world)" }
    return "redacted: " + parts.joined(separator: ", ")
  }

  private func changed<Value: Equatable>(_ mapping: [Value: Value]) -> Int {
    mapping.filter { $0.key != $0.value }.count
  }

  // MARK: Building

  /// Gives each distinct number a stand-in with as many digits, in the same order: the numbers of
  /// one digit count map to a run of consecutive numbers that holds no number already `taken`.
  private static func renumber(_ numbers: [UInt64], avoiding taken: inout Set<UInt64>) -> [UInt64: UInt64] {
    let byDigits = Dictionary(grouping: Set(numbers)) { String($0).count }
    var mapping: [UInt64: UInt64] = [:]
    for (digits, group) in byDigits {
      let sorted = group.sorted()
      let start = firstFreeRun(digits: digits, length: sorted.count, avoiding: taken)
      for (rank, number) in sorted.enumerated() {
        let standIn = start + UInt64(rank)
        mapping[number] = standIn
        taken.insert(standIn)
      }
    }
    return mapping
  }

  /// The start of `length` consecutive numbers of `digits` digits, none taken: tried from `2000…01`,
  /// then `3000…01` and on, then every start after the last taken number.
  private static func firstFreeRun(digits: Int, length: Int, avoiding taken: Set<UInt64>) -> UInt64 {
    let digits = min(max(digits, 1), 19)
    let unit = (0..<(digits - 1)).reduce(UInt64(1)) { value, _ in value * 10 }
    let upper = unit == 1 ? 9 : unit * 10 - 1
    let candidates = (2...9).map { unit == 1 ? UInt64($0) : UInt64($0) * unit + 1 }
    let isFree = { (start: UInt64) in
      start + UInt64(length) - 1 <= upper && !(0..<UInt64(length)).contains { taken.contains(start + $0) }
    }
    if let start = candidates.first(where: isFree) { return start }
    var start = (taken.filter { String($0).count == digits }.max() ?? unit) + 1
    while !isFree(start) { start += 1 }
    return start
  }

  /// Fresh UUIDs for tokens, in order of first appearance: `00000000-0000-4000-8000-000000000001`, ….
  private static func standInTokens(_ tokens: [String]) -> [String: String] {
    var mapping: [String: String] = [:]
    let real = Set(tokens.map { $0.lowercased() })
    var counter = 0
    for token in tokens where mapping[token] == nil {
      var standIn: String
      repeat {
        counter += 1
        let digits = String(counter, radix: 16)
        standIn =
          "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
      } while real.contains(standIn)
      mapping[token] = standIn
    }
    return mapping
  }

  /// `customer-1`, `customer-2`… for every name but those a fresh world has, in the given order,
  /// skipping stand-ins that are real names.
  private static func names(_ names: [String], keeping kept: Set<String>, prefix: String) -> [String: String]
  {
    var mapping: [String: String] = [:]
    var counter = 0
    for name in names where !kept.contains(name) && mapping[name] == nil {
      var standIn: String
      repeat {
        counter += 1
        standIn = "\(prefix)\(counter)"
      } while names.contains(standIn)
      mapping[name] = standIn
    }
    return mapping
  }

  /// `host-1.example`, `host-2.example`… for every host, in order of first appearance.
  private static func standInHosts(_ hosts: [String]) -> [String: String] {
    var mapping: [String: String] = [:]
    for host in hosts where mapping[host] == nil { mapping[host] = "host-\(mapping.count + 1).example" }
    return mapping
  }

  /// A number with as many digits as `id`: `10…01`, or `10…02` when that is `id`.
  private static func standInAppleId(for id: Int64) -> Int64 {
    let digits = max(String(id).count, 2)
    let unit = (0..<(digits - 1)).reduce(Int64(1)) { value, _ in value * 10 }
    return unit + 1 == id ? unit + 2 : unit + 1
  }
}
