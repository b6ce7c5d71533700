import Catalog
import Foundation
import Queue
import Store

/// One assertion of an `expect` line, parsed and ready to check against a session.
///
/// Grammar (REF is `#N`, `last` or a transaction id):
/// ```
/// expect txn REF STATE                  purchasing|purchased|failed|restored|deferred|finished|unfinished
/// expect txn REF product ID | quantity N | error NAME|CODE|none | original REF
/// expect txn REF date DATE | expires DATE | flag trial|intro|upgraded|refunded|renewal
/// expect subscription PRODUCT STATUS | intent N|none | renewals N | expires DATE
/// expect subscription PRODUCT auto-renew on|off | renews-as ID | product ID
/// expect storage PRODUCT N|unlocked|locked
/// expect storage empty
/// expect queue empty | count N | has REF | lacks REF
/// expect history count N | PRODUCT count N | total AMOUNT
/// expect last-error none | TEXT
/// expect clock DATE
/// expect observers N
/// expect verify STATUS
/// expect notification TYPE [SUBTYPE] [REF] | notifications N
/// ```
enum Expectation {
  case transactionState(reference: String, state: String)
  case transactionProduct(reference: String, productId: String)
  case transactionQuantity(reference: String, quantity: Int)
  case transactionError(reference: String, error: SKErrorCode?)
  case transactionOriginal(reference: String, original: String)
  case transactionDate(reference: String, expires: Bool, date: Date)
  case transactionFlag(reference: String, flag: TransactionFlag)
  case subscription(productId: String, property: SubscriptionProperty)
  case storageBalance(productId: String, balance: Int)
  case storageUnlocked(productId: String, unlocked: Bool)
  case storageEmpty
  case queueCount(Int)
  case queueContains(reference: String, contains: Bool)
  case historyCount(productId: String?, count: Int)
  case historyTotal(amount: Decimal)
  case lastError(substring: String?)
  case clock(Date)
  case observerCount(Int)
  case verifyStatus(Int)
  case notification(kind: ServerEvent.Kind, subtype: ServerEvent.Subtype?, reference: String?)
  case notificationCount(Int)

  /// A yes-or-no fact about a transaction's history entry.
  enum TransactionFlag: String, CaseIterable {
    case trial, intro, upgraded, refunded, renewal
  }

  /// A fact about a subscription.
  enum SubscriptionProperty {
    case status(SubscriptionStatus)
    case intent(ExpirationIntent?)
    case renewals(Int)
    case expires(Date)
    case autoRenew(Bool)
    case renewsAs(String)
    case product(String)
  }

  static let grammar = """
    expect txn REF STATE          (purchasing, purchased, failed, restored, deferred, finished, unfinished)
    expect txn REF product ID | quantity N | error NAME|CODE|none | original REF
    expect txn REF date DATE | expires DATE | flag trial|intro|upgraded|refunded|renewal
    expect subscription PRODUCT STATUS    (active, in-trial, in-intro, in-grace, in-billing-retry, expired, revoked)
    expect subscription PRODUCT intent N|none | renewals N | expires DATE | auto-renew on|off
    expect subscription PRODUCT renews-as ID | product ID
    expect storage PRODUCT N|unlocked|locked    expect storage empty
    expect queue empty | count N | has REF | lacks REF
    expect history count N | PRODUCT count N | total AMOUNT
    expect last-error none | TEXT
    expect clock DATE             expect observers N
    expect verify STATUS          (the status of the last verify: 0, 21002, 21003, 21004, 21007, 21008, 21010)
    expect notification TYPE [SUBTYPE] [REF]    (sent since the start; without SUBTYPE, a type that
                                  can come alone must have none, the others any)
    expect notifications N        (how many server notifications were sent)
    REF is #N, last, or a transaction id.
    """

  /// Parses the words after `expect`.
  ///
  /// - Throws: ``WorkbenchError`` quoting the grammar when the words fit none of the forms.
  static func parse(_ words: [String]) throws(WorkbenchError) -> Expectation {
    switch words.first {
    case "txn": return try parseTransaction(Array(words.dropFirst()))
    case "storage": return try parseStorage(Array(words.dropFirst()))
    case "subscription": return try parseSubscription(Array(words.dropFirst()))
    case "queue": return try parseQueue(Array(words.dropFirst()))
    case "history": return try parseHistory(Array(words.dropFirst()))
    case "last-error":
      guard words.count == 2 else { throw usage("last-error takes one argument: none or the expected text") }
      return .lastError(substring: words[1] == "none" ? nil : words[1])
    case "clock":
      guard words.count == 2, let date = Timestamp.parse(words[1]) else {
        throw usage("clock takes one date")
      }
      return .clock(date)
    case "verify":
      guard words.count == 2, let status = Int(words[1]) else {
        throw usage("verify takes a status such as 0 or 21004")
      }
      return .verifyStatus(status)
    case "notification": return try parseNotification(Array(words.dropFirst()))
    case "notifications":
      guard words.count == 2 else { throw usage("notifications takes a count") }
      return .notificationCount(try count(words[1]))
    case "observers":
      guard words.count == 2 else { throw usage("observers takes a count") }
      return .observerCount(try count(words[1]))
    default:
      throw usage("unknown subject \(words.first.map { "\"\($0)\"" } ?? "(none)")")
    }
  }

  private static func usage(_ reason: String) -> WorkbenchError {
    WorkbenchError("expect: \(reason)\n\(grammar)")
  }

  private static func integer(_ text: String) throws(WorkbenchError) -> Int {
    guard let value = Int(text) else { throw usage("\"\(text)\" is not a whole number") }
    return value
  }

  /// A count: a whole number, 0 or more.
  private static func count(_ text: String) throws(WorkbenchError) -> Int {
    let value = try integer(text)
    guard value >= 0 else { throw WorkbenchError("expect: a count must be 0 or more (got \(text))") }
    return value
  }

  private static func parseTransaction(_ words: [String]) throws(WorkbenchError) -> Expectation {
    guard words.count >= 2 else { throw usage("txn needs a transaction and what to expect of it") }
    let reference = words[0]
    switch (words[1], words.count) {
    case ("product", 3): return .transactionProduct(reference: reference, productId: words[2])
    case ("quantity", 3): return .transactionQuantity(reference: reference, quantity: try count(words[2]))
    case ("original", 3): return .transactionOriginal(reference: reference, original: words[2])
    case ("date", 3), ("expires", 3):
      return .transactionDate(reference: reference, expires: words[1] == "expires", date: try date(words[2]))
    case ("flag", 3):
      guard let flag = TransactionFlag(rawValue: words[2]) else {
        throw usage("\"\(words[2])\" is not a flag")
      }
      return .transactionFlag(reference: reference, flag: flag)
    case ("error", 3):
      if words[2] == "none" { return .transactionError(reference: reference, error: nil) }
      guard let code = SKErrorCode(nameOrNumber: words[2]) else {
        throw usage("\"\(words[2])\" is not an SKError code")
      }
      return .transactionError(reference: reference, error: code)
    case (let state, 2):
      let states = TransactionState.allCases.map(\.rawValue) + ["finished", "unfinished"]
      guard states.contains(state) else { throw usage("\"\(state)\" is not a transaction state") }
      return .transactionState(reference: reference, state: state)
    default:
      throw usage("cannot read \"txn \(words.joined(separator: " "))\"")
    }
  }

  private static func date(_ text: String) throws(WorkbenchError) -> Date {
    guard let date = Timestamp.parse(text) else {
      throw usage("\"\(text)\" is not a date such as 2026-02-01")
    }
    return date
  }

  private static func parseSubscription(_ words: [String]) throws(WorkbenchError) -> Expectation {
    guard words.count >= 2 else { throw usage("subscription needs a product and what to expect of it") }
    let productId = words[0]
    let property: SubscriptionProperty
    switch (words[1], words.count) {
    case ("intent", 3):
      if words[2] == "none" {
        property = .intent(nil)
      } else {
        guard let intent = Int(words[2]).flatMap(ExpirationIntent.init(rawValue:)) else {
          throw usage("\"\(words[2])\" is not an expiration intent (1 to 5)")
        }
        property = .intent(intent)
      }
    case ("renewals", 3): property = .renewals(try count(words[2]))
    case ("expires", 3): property = .expires(try date(words[2]))
    case ("auto-renew", 3):
      guard let setting = Switch(rawValue: words[2]) else { throw usage("auto-renew takes on or off") }
      property = .autoRenew(setting.isOn)
    case ("renews-as", 3): property = .renewsAs(words[2])
    case ("product", 3): property = .product(words[2])
    case (let status, 2):
      guard let value = SubscriptionStatus(rawValue: status) else {
        throw usage("\"\(status)\" is not a subscription status")
      }
      property = .status(value)
    default:
      throw usage("cannot read \"subscription \(words.joined(separator: " "))\"")
    }
    return .subscription(productId: productId, property: property)
  }

  private static func parseNotification(_ words: [String]) throws(WorkbenchError) -> Expectation {
    guard let first = words.first, let kind = ServerEvent.Kind(rawValue: first) else {
      throw usage("notification needs a type such as DID_RENEW")
    }
    var rest = words.dropFirst()
    var subtype: ServerEvent.Subtype?
    if let word = rest.first, let parsed = ServerEvent.Subtype(rawValue: word) {
      subtype = parsed
      rest = rest.dropFirst()
    }
    guard subtype == nil || kind.admits(subtype) else {
      throw usage("\(first) \(subtype?.rawValue ?? "") is not a pair of Apple's table")
    }
    guard rest.count <= 1 else { throw usage("notification takes TYPE [SUBTYPE] [REF]") }
    return .notification(kind: kind, subtype: subtype, reference: rest.first)
  }

  private static func parseStorage(_ words: [String]) throws(WorkbenchError) -> Expectation {
    if words == ["empty"] { return .storageEmpty }
    guard words.count == 2 else { throw usage("storage takes a product and a balance, unlocked or locked") }
    switch words[1] {
    case "unlocked": return .storageUnlocked(productId: words[0], unlocked: true)
    case "locked": return .storageUnlocked(productId: words[0], unlocked: false)
    default: return .storageBalance(productId: words[0], balance: try integer(words[1]))
    }
  }

  private static func parseQueue(_ words: [String]) throws(WorkbenchError) -> Expectation {
    switch (words.first, words.count) {
    case ("empty", 1): return .queueCount(0)
    case ("count", 2): return .queueCount(try count(words[1]))
    case ("has", 2): return .queueContains(reference: words[1], contains: true)
    case ("lacks", 2): return .queueContains(reference: words[1], contains: false)
    default: throw usage("queue takes empty, count N, has REF or lacks REF")
    }
  }

  private static func parseHistory(_ words: [String]) throws(WorkbenchError) -> Expectation {
    switch (words.first, words.count) {
    case ("count", 2): return .historyCount(productId: nil, count: try count(words[1]))
    case ("total", 2):
      guard let amount = Price.parseAmount(words[1]) else { throw usage("\"\(words[1])\" is not an amount") }
      return .historyTotal(amount: amount)
    case (let product?, 3) where words[1] == "count":
      return .historyCount(productId: product, count: try count(words[2]))
    default: throw usage("history takes count N, PRODUCT count N or total AMOUNT")
    }
  }
}
