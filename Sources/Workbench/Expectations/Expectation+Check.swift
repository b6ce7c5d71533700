import Foundation
import Queue
import Simulation
import Store

extension Expectation {
  /// Checks the assertion against the session as it is now.
  ///
  /// - Throws: ``ExpectationFailure`` saying what was expected and what was found, or
  ///   ``WorkbenchError`` when a product, transaction or observer it names does not exist
  ///   (``checkSubjects(in:)``).
  func check(in session: Session) throws {
    try checkSubjects(in: session)
    switch self {
    case .transactionState(let reference, let state):
      let transaction = try session.transaction(reference)
      let actual: String
      switch state {
      case "finished", "unfinished": actual = transaction.isFinished ? "finished" : "unfinished"
      default: actual = transaction.state.rawValue
      }
      try require(actual == state, "\(transaction.handleText) is \(actual), expected \(state)")
    case .transactionProduct(let reference, let productId):
      let transaction = try session.transaction(reference)
      try require(
        transaction.payment.productId == productId,
        "\(transaction.handleText) is for \(transaction.payment.productId), expected \(productId)")
    case .transactionQuantity(let reference, let quantity):
      let transaction = try session.transaction(reference)
      try require(
        transaction.payment.quantity == quantity,
        "\(transaction.handleText) has quantity \(transaction.payment.quantity), expected \(quantity)")
    case .transactionError(let reference, let error):
      let transaction = try session.transaction(reference)
      try require(
        transaction.error == error,
        "\(transaction.handleText) has error \(transaction.error.map { "\($0)" } ?? "none"), expected \(error.map { "\($0)" } ?? "none")"
      )
    case .transactionOriginal(let reference, let originalReference):
      try checkOriginal(
        of: try session.transaction(reference), is: try session.transaction(originalReference))
    case .transactionDate(let reference, let expires, let date):
      let transaction = try session.transaction(reference)
      let record = session.currentRecord(of: transaction)
      let actual = expires ? record?.expiresDate : record?.purchaseDate ?? transaction.date
      let what = expires ? "expires" : "is dated"
      try require(
        actual == date,
        "\(transaction.handleText) \(what) \(actual.map(Timestamp.iso8601) ?? "never"), expected \(Timestamp.iso8601(date))"
      )
    case .transactionFlag(let reference, let flag):
      let transaction = try session.transaction(reference)
      try require(
        session.currentRecord(of: transaction).map { flag.holds(for: $0) } ?? false,
        "\(transaction.handleText) is not \(flag.rawValue)")
    case .subscription(let productId, let property):
      let store = session.world.store
      try property.check(
        try store.subscription(for: productId, account: session.account), at: store.clock.now)
    case .storageBalance(let productId, let balance):
      let actual = session.device.storage.balances[productId] ?? 0
      try require(actual == balance, "storage has \(productId) \(actual), expected \(balance)")
    case .storageUnlocked(let productId, let unlocked):
      let actual = session.device.storage.unlocked.contains(productId)
      try require(
        actual == unlocked,
        "\(productId) is \(actual ? "unlocked" : "locked"), expected \(unlocked ? "unlocked" : "locked")")
    case .storageEmpty:
      try require(session.device.storage.isEmpty, "the app's storage is not empty")
    case .queueCount(let count):
      let actual = session.device.queue.transactions
      try require(
        actual.count == count,
        "the queue holds \(actual.count) (\(actual.map(\.handleText).joined(separator: " "))), expected \(count)"
      )
    case .queueContains(let reference, let contains):
      let transaction = try session.transaction(reference)
      let actual = session.device.queue.transactions.contains { $0 === transaction }
      try require(actual == contains, "\(transaction.handleText) is \(actual ? "" : "not ")in the queue")
    case .historyCount(let productId, let count):
      let history = try session.account.history.filter {
        productId == nil || $0.productId == productId
      }
      try require(
        history.count == count,
        "history has \(history.count) \(productId.map { "\($0) " } ?? "")entries, expected \(count)")
    case .historyTotal(let amount):
      let history = try session.account.history
      let charged = history.reduce(Decimal(0)) { $0 + $1.charged.amount }
      let refunded = history.reduce(Decimal(0)) { $0 + ($1.refunded?.amount ?? 0) }
      try require(
        charged - refunded == amount,
        "history comes to \(charged - refunded) (charged \(charged), refunded \(refunded)), expected \(amount)"
      )
    case .refunded(let reference):
      let transaction = try session.transaction(reference)
      let record = session.currentRecord(of: transaction)
      try require(
        record.map { Expectation.TransactionFlag.refunded.holds(for: $0) } ?? false,
        "\(transaction.handleText) is not refunded")
    case .verifyInApp(let count):
      let response = try lastVerify(session)
      let actual = response.receipt?.inAppPurchases.count ?? 0
      try require(
        actual == count, "the last verify's receipt has \(actual) in_app entries, expected \(count)")
    case .verifyLatestExpiry(let productId, let date):
      let latest = try lastVerify(session).latestExpiries[productId]
      try require(
        latest == date,
        "the last verify's latest_receipt_info has \(latest.map { "\(productId) expiring \(Timestamp.iso8601($0))" } ?? "no \(productId) with an expiry"), expected \(Timestamp.iso8601(date))"
      )
    case .receiptEntries(let productId, let count):
      let receipt = try session.world.receipt(of: session.device)
      let actual = receipt.inAppPurchases.count { $0.productId == productId }
      if let count {
        try require(actual == count, "the receipt has \(actual) \(productId) entries, expected \(count)")
      } else {
        try require(actual > 0, "the receipt has no \(productId) entry")
      }
    case .downloadState(let productId, let state):
      let download = session.device.queue.downloads.all.last { $0.transaction.payment.productId == productId }
      guard let download else {
        throw ExpectationFailure("no download of \(productId) on \(session.device.name)")
      }
      try require(
        download.state == state,
        "\(productId)'s download is \(download.state.rawValue), expected \(state.rawValue)")
    case .callback(let observer, let callback, let count):
      let actual = session.device.queue.callbacks(heardBy: observer)?[callback] ?? 0
      try require(actual == count, "\(observer) heard \(callback) \(actual) times, expected \(count)")
    case .lastError(let substring):
      try checkLastError(session.lastCommandError, contains: substring)
    case .clock(let date):
      let now = session.world.store.clock.now
      try require(now == date, "the clock is \(Timestamp.iso8601(now)), expected \(Timestamp.iso8601(date))")
    case .verifyStatus(let status):
      let actual = session.lastVerifyStatus.map(String.init) ?? "none (no verify yet)"
      try require(
        session.lastVerifyStatus == status, "the last verify answered \(actual), expected \(status)")
    case .notification(let kind, let subtype, let reference):
      let number = try reference.map { reference throws(WorkbenchError) in
        try session.transactionNumber(reference)
      }
      let anySubtype = subtype == nil && !kind.admits(nil)
      let records = session.world.notifications.records
      let found = records.contains {
        $0.kind == kind && (anySubtype || $0.subtype == subtype)
          && (number == nil || $0.transactionNumber == number)
      }
      let name = subtype.map { "\(kind.rawValue)/\($0.rawValue)" } ?? kind.rawValue
      let sent = records.map { $0.name + ($0.transactionNumber.map { " \($0)" } ?? "") }
      let listed = " (sent: \(sent.isEmpty ? "none" : sent.joined(separator: ", ")))"
      let environment = session.world.environment
      // Without a URL nothing is sent, and the expectation cannot hold until one is registered.
      let registration =
        "until a notification URL is registered for the \(environment.rawValue.lowercased()) environment (`notify-url add URL`)"
      let why: String
      if !session.world.notifications.urls(for: environment).isEmpty {
        why = listed
      } else if sent.isEmpty {
        why = ": nothing is sent \(registration)"
      } else {
        why = "\(listed); nothing more is sent \(registration)"
      }
      try require(found, "no \(name) notification\(number.map { " for \($0)" } ?? "") was sent\(why)")
    case .notificationCount(let count):
      let actual = session.world.notifications.records.count
      try require(actual == count, "\(Wording.plural(actual, "notification")) sent, expected \(count)")
    case .observerCount(let count):
      let actual = session.device.queue.observers.count
      try require(actual == count, "\(Wording.plural(actual, "observer")) registered, expected \(count)")
    case .entitlement, .storeKit2Status, .purchaseResult, .update, .updateCount:
      try checkStoreKit2(in: session)
    }
  }

  private func lastVerify(_ session: Session) throws -> VerifyReceiptService.Response {
    guard let response = session.lastVerifyResponse else {
      throw ExpectationFailure("no receipt was verified yet (`verify` first)")
    }
    return response
  }

  private func checkOriginal(of transaction: PaymentTransaction, is original: PaymentTransaction) throws {
    let actual = transaction.record?.originalTransactionId
    let expected = original.record?.originalTransactionId ?? original.transactionIdentifier
    try require(
      actual != nil && actual == expected,
      "\(transaction.handleText) has original transaction \(actual ?? "none"), expected \(expected ?? "none") (\(original.handleText))"
    )
  }

  private func checkLastError(_ error: String?, contains substring: String?) throws {
    guard let substring else {
      try require(error == nil, "the last command failed (\(error ?? "")), expected no error")
      return
    }
    guard let error else {
      throw ExpectationFailure("no command failed, expected an error containing \"\(substring)\"")
    }
    try require(
      error.contains(substring), "the last error was \"\(error)\", expected it to contain \"\(substring)\"")
  }

  func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ExpectationFailure(message()) }
  }
}

extension Expectation.TransactionFlag {
  func holds(for record: PurchaseRecord) -> Bool {
    switch self {
    case .trial: record.isTrialPeriod
    case .intro: record.isInIntroOfferPeriod
    case .upgraded: record.isUpgraded
    case .refunded: record.isCancelled && !record.isUpgraded
    case .renewal: record.reason == .renewal
    }
  }
}

extension Expectation.SubscriptionProperty {
  func check(_ state: SubscriptionState, at now: Date) throws {
    let (actual, expected): (String, String)
    switch self {
    case .status(let status): (actual, expected) = (state.status(at: now).rawValue, status.rawValue)
    case .intent(let intent):
      (actual, expected) = (
        state.expirationIntent.map { "\($0)" } ?? "none", intent.map { "\($0)" } ?? "none"
      )
    case .renewals(let count): (actual, expected) = (String(state.renewals), String(count))
    case .expires(let date):
      (actual, expected) = (Timestamp.iso8601(state.expiresDate), Timestamp.iso8601(date))
    case .autoRenew(let on): (actual, expected) = (state.isAutoRenewOn ? "on" : "off", on ? "on" : "off")
    case .renewsAs(let productId): (actual, expected) = (state.autoRenewProductId, productId)
    case .product(let productId): (actual, expected) = (state.productId, productId)
    }
    guard actual == expected else {
      throw ExpectationFailure("subscription \(state.group): \(label) is \(actual), expected \(expected)")
    }
  }

  private var label: String {
    switch self {
    case .status: "status"
    case .intent: "expiration intent"
    case .renewals: "renewals"
    case .expires: "expiry"
    case .autoRenew: "auto-renew"
    case .renewsAs: "renewal product"
    case .product: "product"
    }
  }
}
