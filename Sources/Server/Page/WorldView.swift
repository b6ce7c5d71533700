import Catalog
import Foundation
import Queue
import Simulation
import Store
import Timeline

/// What the page shows of a world, as plain values a template reads (``PageTemplates``): the
/// clock, products, each account's subscriptions and transactions, purchases waiting for a parent
/// or the customer, refund requests, the timeline, the notifications with every attempt, and the
/// server's faults. Made inside the world's owner, rendered outside it.
struct WorldView: Sendable {
  var clock: String
  var environment: String
  var timeRate: String
  var bundleId: String
  var switches: [Setting]
  var products: [ProductView]
  var accounts: [AccountView]
  var waiting: [WaitingView]
  var hasWaiting: Bool
  var refundRequests: [RefundRequestView]
  var hasRefundRequests: Bool
  var timelineSVG: String
  var notifications: [NotificationView]
  var hasNotifications: Bool
  var faults: [String]
  var hasFaults: Bool
  var endpoints: [String]
  /// The open cancellation flow, a line each: the product, the message, what is offered.
  var openFlow: [String]
  var hasOpenFlow: Bool
  var openFlowCanAccept: Bool
  /// The notification types the Notify action sends without a subtype.
  var notificationTypes: [String]
  /// External purchase tokens, newest first.
  var externalPurchaseTokens: [ExternalPurchaseTokenView]
  var hasExternalPurchaseTokens: Bool

  /// An external purchase token as the page lists it.
  struct ExternalPurchaseTokenView: Sendable, Encodable {
    var externalPurchaseId: String
    var type: String
    var account: String
    var created: String
    var expires: String
    var reported: String
  }

  /// A switch and its state, such as `billing retry: off`.
  struct Setting: Sendable {
    var name: String
    var value: String
  }

  struct ProductView: Sendable {
    var id: String
    var type: String
    var title: String
    var price: String
    var isAutoRenewable: Bool
  }

  struct AccountView: Sendable, Encodable {
    var name: String
    var devices: String
    var subscriptions: [SubscriptionView]
    var hasSubscriptions: Bool
    var transactions: [TransactionView]
    var hasTransactions: Bool
    var hiddenTransactions: Int
    var hasHiddenTransactions: Bool
  }

  struct SubscriptionView: Sendable, Encodable {
    var group: String
    var productId: String
    var status: String
    var expires: String
    var autoRenew: String
    var autoRenewNext: String
    var originalTransactionId: String
    var priceConsentPending: Bool
    var canOpenCancelFlow: Bool
  }

  struct TransactionView: Sendable, Encodable {
    var id: String
    var productId: String
    var state: String
    var purchased: String
    var expires: String
    var flags: String
    var offer: String
    var canRefund: Bool
  }

  struct WaitingView: Sendable, Encodable {
    var handle: String
    var device: String
    var productId: String
    var reason: String
    var isAskToBuy: Bool
  }

  struct RefundRequestView: Sendable, Encodable {
    var transactionId: String
    var account: String
    var reason: String
    var requested: String
  }

  struct NotificationView: Sendable, Encodable {
    var uuid: String
    var name: String
    var transactionId: String
    var created: String
    var attempts: [AttemptView]
    var delivered: Bool
  }

  struct AttemptView: Sendable, Encodable {
    var date: String
    var result: String
    var succeeded: Bool
  }

  /// The most transactions shown per account (the newest); the rest are counted.
  static let transactionsShown = 200
  /// The most notifications shown (the newest).
  static let notificationsShown = 200

  /// The view of a world now.
  init(_ world: World) {
    let store = world.store
    let now = store.clock.now
    clock = Timestamp.iso8601(now)
    environment = world.environment.rawValue
    timeRate = store.timeRate.rawValue
    bundleId = store.catalog.bundleId
    switches = [
      Setting(name: "billing retry", value: store.isBillingRetryOn ? "on" : "off"),
      Setting(name: "grace period", value: store.gracePeriodDays.map { "\($0) days" } ?? "off"),
      Setting(name: "Ask to Buy", value: store.isAskToBuyOn ? "on" : "off"),
      Setting(name: "interrupted purchases", value: store.isInterruptedPurchasesOn ? "on" : "off"),
    ]
    products = store.catalog.products.map { product in
      ProductView(
        id: product.id, type: product.type.rawValue, title: product.text(for: store.locale).title,
        price: store.catalog.price(of: product, in: store.storefront).description,
        isAutoRenewable: product.type == .autoRenewable)
    }
    accounts = store.allAccounts.map { Self.view(of: $0, in: world, now: now) }
    waiting = world.registry.all.compactMap { transaction -> WaitingView? in
      let deferred = transaction.state == .deferred && !transaction.isFinished
      guard deferred || transaction.isInterrupted && transaction.resolution == nil else { return nil }
      return WaitingView(
        handle: transaction.handleText, device: transaction.device, productId: transaction.payment.productId,
        reason: deferred ? "waits for a parent (Ask to Buy)" : "interrupted: the customer must act",
        isAskToBuy: deferred)
    }
    hasWaiting = !waiting.isEmpty
    refundRequests = store.refundRequests.keys.sorted().compactMap { store.refundRequests[$0] }.map {
      request in
      RefundRequestView(
        transactionId: String(request.transactionNumber), account: request.accountName,
        reason: request.reason.rawValue, requested: Timestamp.iso8601(request.requestDate))
    }
    hasRefundRequests = !refundRequests.isEmpty
    timelineSVG = SVGTimeline(TimelineBuilder(world: world).timeline(for: TimelineQuery())).element
    notifications = world.notifications.records.suffix(Self.notificationsShown).reversed().map { record in
      NotificationView(
        uuid: record.notificationUUID, name: record.name,
        transactionId: record.transactionNumber.map { String($0) } ?? "",
        created: Timestamp.iso8601(record.createdDate),
        attempts: record.sendAttempts.map {
          AttemptView(
            date: Timestamp.iso8601($0.attemptDate), result: $0.result.rawValue,
            succeeded: $0.result == .success)
        },
        delivered: record.hasSucceeded)
    }
    hasNotifications = !notifications.isEmpty
    faults = world.serverAPI.faults.map(\.description)
    hasFaults = !faults.isEmpty
    endpoints = [ServerFault.allEndpoints] + ServerFault.endpointNames
    let flow = world.retention.openFlow
    openFlow = flow.map(Self.lines(of:)) ?? []
    hasOpenFlow = flow != nil
    openFlowCanAccept = flow.map { $0.choice != .none } ?? false
    notificationTypes = ServerEvent.Kind.allCases.filter { $0.admits(nil) }.map(\.rawValue)
    externalPurchaseTokens = world.externalPurchases.tokens.reversed().map { token in
      ExternalPurchaseTokenView(
        externalPurchaseId: token.externalPurchaseId, type: token.type?.rawValue ?? "link-out",
        account: token.accountName, created: Timestamp.iso8601(token.creationDate),
        expires: token.expirationDate.map(Timestamp.iso8601) ?? "",
        reported: token.isReported
          ? token.reportedStatuses.map(\.rawValue).joined(separator: ", ") : "not reported")
    }
    hasExternalPurchaseTokens = !externalPurchaseTokens.isEmpty
  }

  /// What the customer sees on the open cancellation page, as `cancel-flow` prints it.
  private static func lines(of flow: CancellationFlow) -> [String] {
    ["\(flow.productId) (\(flow.locale)), account \(flow.accountName)"] + flow.shownLines
  }

  private static func view(of account: Account, in world: World, now: Date) -> AccountView {
    let subscriptions = account.subscriptions.keys.sorted().compactMap { account.subscriptions[$0] }.map {
      state in
      SubscriptionView(
        group: state.group, productId: state.productId, status: state.status(at: now).rawValue,
        expires: Timestamp.iso8601(state.expiresDate), autoRenew: state.isAutoRenewOn ? "on" : "off",
        autoRenewNext: state.isAutoRenewOn ? "off" : "on",
        originalTransactionId: String(state.originalTransactionNumber),
        priceConsentPending: state.priceConsent == .pending,
        canOpenCancelFlow: state.isLive && state.isAutoRenewOn)
    }
    let shown = account.history.suffix(transactionsShown)
    let transactions = shown.reversed().map { record in
      TransactionView(
        id: record.transactionId, productId: record.productId, state: state(of: record, now: now),
        purchased: Timestamp.iso8601(record.purchaseDate),
        expires: record.expiresDate.map(Timestamp.iso8601) ?? "",
        flags: flags(of: record).joined(separator: ", "),
        offer: record.offer.map { "\($0.kind.rawValue) \($0.id)" } ?? "",
        canRefund: !record.isCancelled && record.charged.amount > 0)
    }
    return AccountView(
      name: account.name, devices: world.devices(of: account).map(\.name).joined(separator: ", "),
      subscriptions: subscriptions, hasSubscriptions: !subscriptions.isEmpty, transactions: transactions,
      hasTransactions: !transactions.isEmpty, hiddenTransactions: account.history.count - shown.count,
      hasHiddenTransactions: account.history.count > shown.count)
  }

  private static func state(of record: PurchaseRecord, now: Date) -> String {
    if record.isUpgraded { return "upgraded" }
    if record.isCancelled { return "refunded" }
    if let expires = record.expiresDate { return expires > now ? "active" : "expired" }
    return "purchased"
  }

  private static func flags(of record: PurchaseRecord) -> [String] {
    var flags = [record.reason.rawValue]
    if record.isTrialPeriod { flags.append("trial") }
    if record.isInIntroOfferPeriod && !record.isTrialPeriod { flags.append("intro") }
    if record.isFamilyShared { flags.append("family-shared") }
    if record.quantity > 1 { flags.append("×\(record.quantity)") }
    return flags
  }
}
