import Catalog
import Foundation
import Queue
import Simulation
import Store
import Vocabulary

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
/// expect verify [status] STATUS | in-app N | latest PRODUCT expires DATE
/// expect receipt contains PRODUCT [count N] | lacks PRODUCT
/// expect download PRODUCT state STATE
/// expect callback OBSERVER CALLBACK N
/// expect refunded REF
/// expect notification TYPE [SUBTYPE] [REF] | notifications N
/// expect entitlement PRODUCT | no-entitlement PRODUCT | sk2-status PRODUCT STATE
/// expect purchase-result success|pending|userCancelled|error | update REF | updates N
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
  case verifyInApp(Int)
  case verifyLatestExpiry(productId: String, date: Date)
  /// Entries of a product in the device's receipt: `nil` for at least one.
  case receiptEntries(productId: String, count: Int?)
  case downloadState(productId: String, state: Download.State)
  case callback(observer: String, callback: String, count: Int)
  case refunded(reference: String)
  case notification(kind: ServerEvent.Kind, subtype: ServerEvent.Subtype?, reference: String?)
  case notificationCount(Int)
  case entitlement(productId: String, entitled: Bool)
  case storeKit2Status(productId: String, state: RenewalState)
  case purchaseResult(String)
  case update(reference: String)
  case updateCount(Int)

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

  /// The forms, one or two lines each under 80 columns (so help prints them as they are), then
  /// examples.
  static let grammar = """
    expect txn REF STATE        STATE: purchasing purchased failed restored
                                deferred finished unfinished
    expect txn REF product ID | quantity N | error NAME|CODE|none | original REF
    expect txn REF date DATE | expires DATE
    expect txn REF flag trial|intro|upgraded|refunded|renewal
    expect refunded REF         Apple refunded it (not an upgrade's refund)
    expect subscription PRODUCT STATUS    STATUS: active in-trial in-intro in-offer
                                in-grace in-billing-retry expired revoked
    expect subscription PRODUCT intent N|none | renewals N | expires DATE
    expect subscription PRODUCT auto-renew on|off | renews-as ID | product ID
    expect storage PRODUCT N|unlocked|locked      expect storage empty
    expect queue empty | count N | has REF | lacks REF
    expect history count N | PRODUCT count N | total AMOUNT
                                refunded purchases stay in the history, as in
                                Apple's; the total is what was paid less refunds
    expect receipt contains PRODUCT [count N] | lacks PRODUCT
                                the in_app entries of the device's receipt
    expect verify [status] N    the status of the last verify (0, 21002, 21003,
                                21004, 21007, 21008, 21010)
    expect verify in-app N      the in_app entries of the last verify's receipt
    expect verify latest PRODUCT expires DATE
                                the latest expiry of PRODUCT in latest_receipt_info
    expect download PRODUCT state STATE   the product's latest download: waiting
                                active paused finished failed cancelled
    expect callback OBSERVER CALLBACK N   times OBSERVER heard CALLBACK since it
                                was added, kept in saved worlds
    expect notification TYPE [SUBTYPE] [REF]   sent since the start; without
                                SUBTYPE, any subtype of a type that has one
    expect notifications N      expect observers N      expect clock DATE
    expect entitlement PRODUCT  in Transaction.currentEntitlements
    expect no-entitlement PRODUCT
    expect sk2-status PRODUCT STATE   StoreKit 2's state of its group: subscribed
                                expired inBillingRetryPeriod inGracePeriod revoked
    expect purchase-result success|pending|userCancelled|error
                                the result of the app's last `purchase`
    expect update REF           Transaction.updates gave the listener REF
    expect updates N            the updates since the app launched
    expect last-error none | TEXT
    REF is #N, last, or a transaction id. CALLBACK is updatedTransactions,
    removedTransactions, restoreCompletedTransactionsFinished,
    restoreCompletedTransactionsFailedWithError, updatedDownloads,
    didRevokeEntitlementsForProductIdentifiers or paymentQueueDidChangeStorefront.
    Examples:
      expect txn #1 purchased           expect subscription pro.monthly in-trial
      expect receipt contains pro.monthly count 2
      expect verify latest pro.monthly expires 2026-02-08
      expect download maps.hd state finished
      expect callback app removedTransactions 3
      expect history total 5.98         expect refunded #3
      expect entitlement pro.monthly    expect sk2-status pro.monthly inGracePeriod
    """

  /// Parses the words after `expect`.
  ///
  /// - Throws: ``WorkbenchError`` quoting the grammar when the words fit none of the forms.
  static func parse(_ words: [String]) throws(WorkbenchError) -> Expectation {
    do {
      return try parseForm(words)
    } catch {
      throw WorkbenchError(.invalidValue, "\(error.description)\n\(forms(of: words.first))")
    }
  }

  /// The grammar's forms for a subject (`txn`, `verify`, …) with their explanations, or the list
  /// of subjects when the word is none of them.
  static func forms(of subject: String?) -> String {
    var lines: [String] = []
    var inForm = false
    for line in grammar.components(separatedBy: "\n") {
      if line.hasPrefix("expect ") {
        inForm = subject.map { line.hasPrefix("expect \($0) ") || line.contains("  expect \($0) ") } ?? false
      } else if !line.hasPrefix(" ") {
        inForm = false
      }
      if inForm { lines.append(line) }
    }
    guard lines.isEmpty else { return lines.joined(separator: "\n") }
    // Seven subjects a line keep each line within 80 columns.
    let listed = stride(from: 0, to: subjects.count, by: 7).map {
      subjects[$0..<min($0 + 7, subjects.count)].joined(separator: " ")
    }
    return (["subjects: " + listed[0]] + listed.dropFirst() + ["(`help expect` shows every form)"])
      .joined(separator: "\n")
  }

  /// The words an expectation starts with, as `help expect` lists them.
  static let subjects = [
    "txn", "refunded", "subscription", "storage", "queue", "history", "receipt", "verify", "download",
    "callback", "notification", "notifications", "observers", "clock", "last-error", "entitlement",
    "no-entitlement", "sk2-status", "purchase-result", "update", "updates",
  ]

  private static func parseForm(_ words: [String]) throws(WorkbenchError) -> Expectation {
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
    case "verify": return try parseVerify(Array(words.dropFirst()))
    case "receipt": return try parseReceipt(Array(words.dropFirst()))
    case "download":
      guard words.count == 4, words[2] == "state" else { throw usage("download takes PRODUCT state STATE") }
      guard let state = Download.State(rawValue: words[3]) else {
        throw usage("\"\(words[3])\" is not a download state")
      }
      return .downloadState(productId: words[1], state: state)
    case "callback":
      guard words.count == 4 else { throw usage("callback takes OBSERVER CALLBACK N") }
      guard callbacks.contains(words[2]) else { throw usage("\"\(words[2])\" is not a callback") }
      return .callback(observer: words[1], callback: words[2], count: try count(words[3]))
    case "refunded":
      guard words.count == 2 else { throw usage("refunded takes a transaction") }
      return .refunded(reference: words[1])
    case "notification": return try parseNotification(Array(words.dropFirst()))
    case "notifications":
      guard words.count == 2 else { throw usage("notifications takes a count") }
      return .notificationCount(try count(words[1]))
    case "observers":
      guard words.count == 2 else { throw usage("observers takes a count") }
      return .observerCount(try count(words[1]))
    case "entitlement", "no-entitlement":
      guard words.count == 2 else { throw usage("\(words[0]) takes a product") }
      return .entitlement(productId: words[1], entitled: words[0] == "entitlement")
    case "sk2-status":
      guard words.count == 3 else { throw usage("sk2-status takes PRODUCT STATE") }
      guard let state = RenewalState(rawValue: words[2]) else {
        throw usage("\"\(words[2])\" is not a StoreKit 2 state")
      }
      return .storeKit2Status(productId: words[1], state: state)
    case "purchase-result":
      guard words.count == 2, ["success", "pending", "userCancelled", "error"].contains(words[1]) else {
        throw usage("purchase-result takes success, pending, userCancelled or error")
      }
      return .purchaseResult(words[1])
    case "update":
      guard words.count == 2 else { throw usage("update takes a transaction") }
      return .update(reference: words[1])
    case "updates":
      guard words.count == 2 else { throw usage("updates takes a count") }
      return .updateCount(try count(words[1]))
    default:
      guard let word = words.first else { throw usage("unknown subject (none)") }
      throw usage("unknown subject \"\(word)\"\(DidYouMean.clause(for: word, among: subjects))")
    }
  }

  private static func usage(_ reason: String) -> WorkbenchError {
    WorkbenchError(.invalidValue, "expect: \(reason)")
  }

  private static func integer(_ text: String) throws(WorkbenchError) -> Int {
    guard let value = Int(text) else { throw usage("\"\(text)\" is not a whole number") }
    return value
  }

  /// A count: a whole number, 0 or more.
  private static func count(_ text: String) throws(WorkbenchError) -> Int {
    let value = try integer(text)
    guard value >= 0 else {
      throw WorkbenchError(.invalidValue, "expect: a count must be 0 or more (got \(text))")
    }
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

  /// The observer callbacks `expect callback` counts, as log lines name them.
  static let callbacks = [
    "updatedTransactions", "removedTransactions", "restoreCompletedTransactionsFinished",
    "restoreCompletedTransactionsFailedWithError", "updatedDownloads",
    "didRevokeEntitlementsForProductIdentifiers", "paymentQueueDidChangeStorefront",
  ]

  private static func parseVerify(_ words: [String]) throws(WorkbenchError) -> Expectation {
    switch (words.first, words.count) {
    case (let word?, 1): return .verifyStatus(try status(word))
    case ("status", 2): return .verifyStatus(try status(words[1]))
    case ("in-app", 2): return .verifyInApp(try count(words[1]))
    case ("latest", 4) where words[2] == "expires":
      return .verifyLatestExpiry(productId: words[1], date: try date(words[3]))
    default: throw usage("verify takes [status] N, in-app N or latest PRODUCT expires DATE")
    }
  }

  private static func status(_ text: String) throws(WorkbenchError) -> Int {
    guard let status = Int(text) else { throw usage("verify takes a status such as 0 or 21004") }
    return status
  }

  private static func parseReceipt(_ words: [String]) throws(WorkbenchError) -> Expectation {
    switch (words.first, words.count) {
    case ("contains", 2): return .receiptEntries(productId: words[1], count: nil)
    case ("contains", 4) where words[2] == "count":
      return .receiptEntries(productId: words[1], count: try count(words[3]))
    case ("lacks", 2): return .receiptEntries(productId: words[1], count: 0)
    default: throw usage("receipt takes contains PRODUCT [count N] or lacks PRODUCT")
    }
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
