import Foundation
import JSON
import Store
import Verifier

extension World {
  /// The `notificationUUID` the world's next notification gets.
  public var nextNotificationUUID: String {
    identity.notificationUUID(notifications.madeIdentifiers + 1)
  }

  /// The store's events become notifications while a URL is registered for the world's
  /// environment (as Apple, with no URL nothing is sent or kept). A notification that cannot be
  /// signed is reported and dropped.
  public func store(_ store: Store, didPublish event: ServerEvent) {
    guard !notifications.urls(for: environment).isEmpty else { return }
    do {
      try sendNotification(
        event.kind, event.subtype, transactionNumber: event.transactionNumber,
        consumptionRequestReason: event.consumptionRequestReason)
    } catch {
      reportNotification("notificationFailed", "\(event.name): \(error)", [])
    }
  }

  /// Makes a notification now, signed with the world's authority, and schedules its first attempt
  /// to every URL of the world's environment (made when the world next settles, or by
  /// ``deliverNotifications(notAfter:)``).
  ///
  /// - Parameters:
  ///   - kind: `notificationType`.
  ///   - subtype: `subtype`; it must go with the type in Apple's table.
  ///   - transactionNumber: the transaction `signedTransactionInfo` carries; `nil` only for `TEST`.
  ///   - consumptionRequestReason: for `CONSUMPTION_REQUEST`.
  /// - Throws: ``SimulationError`` when no URL is registered for the environment, the pair is not
  ///   Apple's, the transaction is unknown, or signing fails.
  /// - Returns: the notification.
  @discardableResult
  public func sendNotification(
    _ kind: ServerEvent.Kind, _ subtype: ServerEvent.Subtype? = nil, transactionNumber: UInt64?,
    consumptionRequestReason: String? = nil
  ) throws(SimulationError) -> NotificationRecord {
    let urls = try notificationURLs()
    guard kind.admits(subtype) else {
      throw SimulationError(
        .invalidValue,
        "\(kind.rawValue)\(subtype.map { "/\($0.rawValue)" } ?? " without a subtype") is not a notification of Apple's table"
      )
    }
    guard kind != .rescindConsent else {
      throw SimulationError(
        .notAllowed,
        "RESCIND_CONSENT carries an account's app transaction, not a purchase: see sendRescindConsent")
    }
    guard subtype != .summary else {
      throw SimulationError(
        .notAllowed,
        "RENEWAL_EXTENSION/SUMMARY carries a mass extension's summary, not a transaction: see sendRenewalExtensionSummary"
      )
    }
    guard kind != .externalPurchaseToken else {
      throw SimulationError(
        .notAllowed,
        "EXTERNAL_PURCHASE_TOKEN carries an external purchase token, not a transaction: `external-purchase link-out` makes a token, and Apple's notifications about it follow on the clock"
      )
    }
    let signer = try jwsSigner()
    var data = appAppleIdMember + [OrderedJSON.Member("bundleId", .string(store.catalog.bundleId))]
    guard let transactionNumber else {
      guard kind == .test else {
        throw SimulationError(.invalidValue, "\(kind.rawValue) needs a transaction")
      }
      data.append(.init("environment", .string(environment.rawValue)))
      return try keepNotification(kind, subtype, body: .init("data", .object(data)), to: urls, signer: signer)
    }
    guard let account = store.account(holdingTransaction: transactionNumber),
      let index = account.index(ofTransaction: transactionNumber)
    else {
      throw SimulationError(.notFound, "no account has transaction \(transactionNumber)")
    }
    data.append(.init("bundleVersion", .string(store.catalog.appVersion)))
    data.append(.init("environment", .string(environment.rawValue)))
    data += try transactionData(account.history[index], in: account, signer: signer)
    if let consumptionRequestReason {
      data.append(.init("consumptionRequestReason", .string(consumptionRequestReason)))
    }
    return try keepNotification(
      kind, subtype, body: .init("data", .object(data)), account: account.name,
      transactionNumber: transactionNumber,
      to: urls, signer: signer)
  }

  /// Makes a `RENEWAL_EXTENSION/SUMMARY` notification now: a mass renewal-date extension finished.
  /// Its payload carries `summary` instead of `data`.
  ///
  /// - Parameters:
  ///   - productId: the product whose subscriptions were extended.
  ///   - requestIdentifier: the request's identifier.
  ///   - storefrontCountryCodes: the storefronts it was limited to (empty for all).
  ///   - succeededCount: how many subscriptions were extended.
  ///   - failedCount: how many could not be.
  /// - Throws: ``SimulationError`` when no URL is registered for the environment or signing fails.
  /// - Returns: the notification.
  @discardableResult
  public func sendRenewalExtensionSummary(
    productId: String, requestIdentifier: String, storefrontCountryCodes: [String], succeededCount: Int,
    failedCount: Int
  ) throws(SimulationError) -> NotificationRecord {
    let urls = try notificationURLs()
    let summary = OrderedJSON.object(
      [OrderedJSON.Member("environment", .string(environment.rawValue))] + appAppleIdMember + [
        .init("bundleId", .string(store.catalog.bundleId)), .init("productId", .string(productId)),
        .init("requestIdentifier", .string(requestIdentifier)),
        .init("storefrontCountryCodes", .array(storefrontCountryCodes.map(OrderedJSON.string))),
        .init("succeededCount", .integer(Int64(succeededCount))),
        .init("failedCount", .integer(Int64(failedCount))),
      ])
    return try keepNotification(
      .renewalExtension, .summary, body: .init("summary", summary), to: urls,
      signer: try jwsSigner())
  }

  /// `appAppleId` of `data` and `summary`: in production only (Apple: "It isn't present in the
  /// sandbox environment"; its verifier compares it in production only).
  private var appAppleIdMember: [OrderedJSON.Member] {
    appAppleIdInEnvironment.map { [OrderedJSON.Member("appAppleId", .integer($0))] } ?? []
  }

  /// The URLs of the world's environment.
  ///
  /// - Throws: ``SimulationError`` when there is none: nothing is sent.
  private func notificationURLs() throws(SimulationError) -> [String] {
    let urls = notifications.urls(for: environment)
    guard !urls.isEmpty else {
      throw SimulationError(
        .notFound, "no notification URL for \(environment.rawValue) (`notify-url add URL`): nothing is sent")
    }
    return urls
  }

  /// Signs a notification around its `data` (or `summary`), keeps it and schedules its attempts.
  func keepNotification(
    _ kind: ServerEvent.Kind, _ subtype: ServerEvent.Subtype?, body: OrderedJSON.Member,
    account: String? = nil,
    transactionNumber: UInt64? = nil, to urls: [String], signer: JWSSigner
  ) throws(SimulationError) -> NotificationRecord {
    let uuid = notifications.makeNotificationUUID(for: identity)
    let now = store.clock.now
    var members = [OrderedJSON.Member("notificationType", .string(kind.rawValue))]
    if let subtype { members.append(.init("subtype", .string(subtype.rawValue))) }
    members += [
      .init("notificationUUID", .string(uuid)), body, .init("version", .string("2.0")),
      .init("signedDate", .integer(now.milliseconds)),
    ]
    let payload = OrderedJSON.object(members).text
    let signed: String
    do {
      signed = try signer.sign(payloadJSON: Array(payload.utf8))
    } catch {
      throw SimulationError(.signingFailed, "cannot sign the \(kind.rawValue) notification: \(error)")
    }
    let record = NotificationRecord(
      sequence: notifications.records.count, notificationUUID: uuid, kind: kind, subtype: subtype,
      accountName: account, transactionNumber: transactionNumber, environment: environment,
      createdDate: now, payloadJSON: payload, signedPayload: signed,
      deliveries: urls.map { NotificationDelivery(url: $0, firstAttemptAt: now) })
    notifications.append(record)
    return record
  }

  /// `signedTransactionInfo`, and for an auto-renewable subscription `signedRenewalInfo` and
  /// `status` (a family member's shared period follows the purchaser's subscription).
  private func transactionData(
    _ record: PurchaseRecord, in account: Account, signer: JWSSigner
  ) throws(SimulationError) -> [OrderedJSON.Member] {
    let factory = SignedPayloadFactory(world: self)
    var members = [
      OrderedJSON.Member("signedTransactionInfo", .string(try sign(factory.transaction(record), signer)))
    ]
    guard record.productType == .autoRenewable, let state = subscription(behind: record, in: account) else {
      return members
    }
    let status = record.isFamilyShared && record.isCancelled ? .revoked : state.status(at: store.clock.now)
    members.append(.init("signedRenewalInfo", .string(try sign(factory.renewalInfo(state), signer))))
    members.append(.init("status", .integer(Int64(status.serverAPIStatus))))
    return members
  }

  private func subscription(behind record: PurchaseRecord, in account: Account) -> SubscriptionState? {
    if let shared = record.sharedFromTransactionNumber,
      let purchaser = store.account(holdingTransaction: shared),
      let index = purchaser.index(ofTransaction: shared)
    {
      return subscription(behind: purchaser.history[index], in: purchaser)
    }
    return account.subscriptions.values.first {
      $0.originalTransactionNumber == record.originalTransactionNumber
    }
  }

  private func sign(_ payload: some Encodable, _ signer: JWSSigner) throws(SimulationError) -> String {
    do {
      return try signer.sign(payload)
    } catch {
      throw SimulationError(.signingFailed, "cannot sign a notification's payload: \(error)")
    }
  }

  /// Makes every delivery attempt due at or before `date`, in virtual-time order, each through
  /// ``notificationTransport`` (without one, an attempt gives `OTHER`); one log line an attempt.
  public func deliverNotifications(notAfter date: Date) {
    while let (due, reference) = notifications.popDue(notAfter: date) {
      store.moveClock(forwardTo: due)
      let record = notifications.records[reference.record]
      let url = record.deliveries[reference.delivery].url
      guard notifications.isRegistered(url, for: record.environment) else {
        notifications.abandon(reference)
        continue
      }
      let body = OrderedJSON.object([.init("signedPayload", .string(record.signedPayload))]).text
      let result =
        notificationTransport?.post(Array(body.utf8), to: url, timeout: ServerNotifications.attemptTimeout)
        ?? .other
      journal(.attempt(result))
      let delivery = notifications.record(result, at: due, for: reference)
      reportAttempt(of: record, delivery: delivery)
    }
  }

  private func reportAttempt(of record: NotificationRecord, delivery: NotificationDelivery) {
    guard log.isListening, let attempt = delivery.attempts.last else { return }
    let transaction = record.transactionNumber.map { " \($0)" } ?? ""
    var detail =
      "\(record.name)\(transaction) → \(delivery.url) \(attempt.result.rawValue) (attempt \(delivery.attempts.count)"
    if let next = delivery.nextAttemptDate {
      detail += ", retry at \(Timestamp.iso8601(next))"
    } else if attempt.result != .success {
      detail += record.environment == .production ? ", no retries left" : ", the sandbox does not retry"
    }
    detail += ")"
    var fields = [Event.Field("notificationType", record.kind.rawValue)]
    if let subtype = record.subtype { fields.append(.init("subtype", subtype.rawValue)) }
    fields.append(.init("notificationUUID", record.notificationUUID))
    if let number = record.transactionNumber { fields.append(.init("transactionId", String(number))) }
    fields += [
      .init("url", delivery.url), .init("attempt", String(delivery.attempts.count)),
      .init("sendAttemptResult", attempt.result.rawValue),
    ]
    if let next = delivery.nextAttemptDate { fields.append(.init("nextAttempt", Timestamp.iso8601(next))) }
    reportNotification("notification", detail, fields)
  }

  private func reportNotification(_ action: String, _ detail: String, _ fields: [Event.Field]) {
    guard log.isListening else { return }
    log.record(
      Event(
        time: store.clock.now, actor: "notifications", action: action, detail: detail,
        fields: log.readsFields ? fields : []))
  }
}
