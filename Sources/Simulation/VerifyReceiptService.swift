import Catalog
import Foundation
import Store
import Verifier

/// Apple's verifyReceipt, answered locally: the receipt is authenticated against storebench's
/// root, matched to the endpoint's environment and to the account Apple holds for it, and the
/// answer is the JSON Apple's endpoint gives, key for key.
public struct VerifyReceiptService {
  /// What a client posts.
  public struct Request: Sendable {
    /// The receipt: DER bytes, or its base64 text.
    public var receiptData: [UInt8]
    /// The app's shared secret, needed for receipts with auto-renewable subscriptions.
    public var password: String?
    /// Which endpoint is asked: production or sandbox.
    public var endpoint: Verifier.Environment
    /// Only the latest renewal of each subscription in `latest_receipt_info`.
    public var excludeOldTransactions: Bool

    /// Creates a request.
    public init(
      receiptData: [UInt8], password: String?, endpoint: Verifier.Environment, excludeOldTransactions: Bool
    ) {
      self.receiptData = receiptData
      self.password = password
      self.endpoint = endpoint
      self.excludeOldTransactions = excludeOldTransactions
    }
  }

  /// The answer.
  public struct Response: Sendable {
    /// The status code: 0, or 21000–21010.
    public var status: Int
    /// The check that failed, in words, for a non-zero status.
    public var failure: String?
    /// The decoded receipt, when it could be read.
    public var receipt: AppReceipt?
    /// Apple's JSON body.
    public var json: JSONText
  }

  let world: World

  /// Creates the service over a world: its certificate authority, accounts and shared secret.
  public init(world: World) {
    self.world = world
  }

  /// Answers a request.
  ///
  /// - Throws: ``SimulationError`` only when the answer cannot be made: the certificate authority
  ///   cannot be opened, or `latest_receipt` cannot be signed.
  public func verify(_ request: Request) throws(SimulationError) -> Response {
    let now = world.store.clock.now
    let authority = try world.authority()
    guard let bytes = Self.receiptBytes(request.receiptData) else {
      return failure(21002, request.endpoint, "the receipt data is empty or neither DER nor base64")
    }
    let receipt: AppReceipt
    do {
      receipt = try ReceiptVerifier(trustedRoots: [authority.root]).verify(bytes, at: now)
    } catch {
      let malformed: Set<VerificationCheck> = [
        .malformedContainer, .notSignedData, .missingContent, .malformedPayload,
      ]
      return failure(malformed.contains(error.check) ? 21002 : 21003, request.endpoint, error.description)
    }
    let receiptEnvironment: Verifier.Environment =
      receipt.receiptType == "Production" ? .production : .sandbox
    if receiptEnvironment != request.endpoint {
      return receiptEnvironment == .sandbox
        ? failure(21007, request.endpoint, "a sandbox receipt was sent to the production endpoint")
        : failure(21008, request.endpoint, "a production receipt was sent to the sandbox endpoint")
    }
    let hasSubscriptions = receipt.inAppPurchases.contains {
      $0.productType == ProductType.autoRenewable.receiptCode
    }
    guard let account = account(of: receipt) else {
      return failure(21010, request.endpoint, "no account holds the receipt's transactions (deleted?)")
    }
    if hasSubscriptions, let sharedSecret = world.sharedSecret, request.password != sharedSecret {
      return failure(21004, request.endpoint, "the shared secret does not match the app's")
    }
    return try success(receipt, account: account, subscriptions: hasSubscriptions, request: request, now: now)
  }

  /// DER bytes as given, or decoded from base64 text (with or without line breaks).
  static func receiptBytes(_ data: [UInt8]) -> [UInt8]? {
    guard !data.isEmpty else { return nil }
    if data.first == 0x30 { return data }
    let text = String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
    return Data(base64Encoded: text).map(Array.init)
  }

  /// The account whose history holds the receipt's first transaction; with no transactions, the
  /// account of the current device.
  private func account(of receipt: AppReceipt) -> Account? {
    guard let first = receipt.inAppPurchases.first, let number = UInt64(first.transactionId) else {
      return world.device.queue.account
    }
    return world.store.account(holdingTransaction: number)
  }

  private func failure(_ status: Int, _ endpoint: Verifier.Environment, _ reason: String) -> Response {
    Response(
      status: status, failure: reason, receipt: nil,
      json: .object([
        ("status", .number(Int64(status))), ("environment", .string(endpoint.rawValue)),
        ("is-retryable", .bool(false)), ("is_retryable", .bool(false)),
      ]))
  }

  private func success(
    _ receipt: AppReceipt, account: Account, subscriptions: Bool, request: Request, now: Date
  ) throws(SimulationError) -> Response {
    var members: [(String, JSONText)] = [
      ("receipt", receiptObject(receipt, now: now)), ("environment", .string(request.endpoint.rawValue)),
    ]
    if subscriptions {
      let latest = try world.latestSignedReceipt(for: world.device)
      members.append(("latest_receipt", .string(Data(latest).base64EncodedString())))
      members.append(
        (
          "latest_receipt_info",
          .array(latestReceiptInfo(account, excludeOld: request.excludeOldTransactions))
        ))
      members.append(("pending_renewal_info", .array(pendingRenewalInfo(account, now: now))))
    }
    members.append(("status", .number(0)))
    return Response(status: 0, failure: nil, receipt: receipt, json: .object(members))
  }

  private func receiptObject(_ receipt: AppReceipt, now: Date) -> JSONText {
    var members: [(String, JSONText)] = [
      ("receipt_type", .string(receipt.receiptType)), ("adam_id", .number(Int64(receipt.appItemId))),
      ("app_item_id", .number(Int64(receipt.appItemId))), ("bundle_id", .string(receipt.bundleId)),
      ("application_version", .string(receipt.appVersion)), ("download_id", .number(0)),
      ("version_external_identifier", .number(0)),
    ]
    members += AppleDate.members("receipt_creation_date", receipt.creationDate)
    members += AppleDate.members("request_date", now)
    members += AppleDate.members(
      "original_purchase_date", receipt.originalPurchaseDate ?? receipt.creationDate)
    members.append(("original_application_version", .string(receipt.originalApplicationVersion)))
    members.append(("in_app", .array(receipt.inAppPurchases.map(inAppObject))))
    return .object(members)
  }

  private func inAppObject(_ entry: InAppPurchaseReceipt) -> JSONText {
    let subscription = entry.productType == ProductType.autoRenewable.receiptCode
    var members: [(String, JSONText)] = [
      ("quantity", .string(String(entry.quantity))), ("product_id", .string(entry.productId)),
      ("transaction_id", .string(entry.transactionId)),
      ("original_transaction_id", .string(entry.originalTransactionId)),
    ]
    members += AppleDate.members("purchase_date", entry.purchaseDate)
    members += AppleDate.members("original_purchase_date", entry.originalPurchaseDate)
    if let expires = entry.expiresDate { members += AppleDate.members("expires_date", expires) }
    if let line = entry.webOrderLineItemId {
      members.append(("web_order_line_item_id", .string(String(line))))
    }
    members.append(("is_trial_period", .string(entry.isTrialPeriod == true ? "true" : "false")))
    if subscription {
      members.append(
        ("is_in_intro_offer_period", .string(entry.isInIntroOfferPeriod == true ? "true" : "false")))
    }
    if let cancelled = entry.cancellationDate { members += AppleDate.members("cancellation_date", cancelled) }
    if let offer = entry.promotionalOfferId { members.append(("promotional_offer_id", .string(offer))) }
    return .object(members)
  }

  private func latestReceiptInfo(_ account: Account, excludeOld: Bool) -> [JSONText] {
    var records = account.receiptRecords(asOf: account.stamp(at: world.store.clock.now))
    if excludeOld {
      let latest = Dictionary(grouping: records.indices.filter { records[$0].productType == .autoRenewable })
      {
        records[$0].originalTransactionNumber
      }.compactMapValues(\.last)
      let keep = Set(latest.values)
      records = records.indices.filter { records[$0].productType != .autoRenewable || keep.contains($0) }.map
      { records[$0] }
    }
    return records.sorted { $0.purchaseDate > $1.purchaseDate }.map(latestEntry)
  }

  private func latestEntry(_ record: PurchaseRecord) -> JSONText {
    var members: [(String, JSONText)] = [
      ("quantity", .string(String(record.quantity))), ("product_id", .string(record.productId)),
      ("transaction_id", .string(record.transactionId)),
      ("original_transaction_id", .string(record.originalTransactionId)),
    ]
    members += AppleDate.members("purchase_date", record.purchaseDate)
    members += AppleDate.members("original_purchase_date", record.originalPurchaseDate)
    let subscription = record.productType == .autoRenewable
    if let expires = record.expiresDate { members += AppleDate.members("expires_date", expires) }
    if let line = record.webOrderLineItemId { members.append(("web_order_line_item_id", .string(line))) }
    members.append(("is_trial_period", .string(record.isTrialPeriod ? "true" : "false")))
    if subscription {
      members.append(("is_in_intro_offer_period", .string(record.isInIntroOfferPeriod ? "true" : "false")))
    }
    if let cancelled = record.cancellationDate {
      members += AppleDate.members("cancellation_date", cancelled)
      if !record.isUpgraded, let reason = record.cancellationReason {
        members.append(("cancellation_reason", .string(String(reason.rawValue))))
      }
    }
    if record.isUpgraded { members.append(("is_upgraded", .string("true"))) }
    if let offer = record.promotionalOfferId { members.append(("promotional_offer_id", .string(offer))) }
    members.append(("in_app_ownership_type", .string(record.isFamilyShared ? "FAMILY_SHARED" : "PURCHASED")))
    if subscription, let group = world.store.catalog.product(record.productId)?.subscription?.group {
      members.append(("subscription_group_identifier", .string(SubscriptionGroupNumber.of(group))))
    }
    return .object(members)
  }

  private func pendingRenewalInfo(_ account: Account, now: Date) -> [JSONText] {
    account.subscriptions.values.sorted { $0.group < $1.group }.map { state in
      var members: [(String, JSONText)] = [
        ("auto_renew_product_id", .string(state.autoRenewProductId)),
        ("auto_renew_status", .string(state.isAutoRenewOn ? "1" : "0")),
      ]
      if let intent = state.expirationIntent {
        members.append(("expiration_intent", .string(String(intent.rawValue))))
      }
      if let grace = state.gracePeriodExpiresDate, now < grace {
        members += AppleDate.members("grace_period_expires_date", grace)
      }
      if state.billingRetryStart != nil {
        members.append(("is_in_billing_retry_period", .string("1")))
      } else if state.expirationIntent == .billingError {
        members.append(("is_in_billing_retry_period", .string("0")))
      }
      members.append(("original_transaction_id", .string(String(state.originalTransactionNumber))))
      switch state.priceConsent {
      case .none: break
      case .pending: members.append(("price_consent_status", .string("0")))
      case .accepted: members.append(("price_consent_status", .string("1")))
      }
      members.append(("product_id", .string(state.productId)))
      return .object(members)
    }
  }
}
