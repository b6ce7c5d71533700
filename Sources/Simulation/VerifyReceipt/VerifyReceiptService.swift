import Catalog
import Foundation
import Store
import Verifier
import Vocabulary

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
    /// Whether the answer carries the receipt and the account's transactions (`receipt`,
    /// `latest_receipt`, `latest_receipt_info`, `pending_renewal_info`), as Apple's does. A caller
    /// that wants only the status and the decoded receipt says no, and is spared building them (for
    /// a long history, most of the work).
    public var includesTransactions = true

    /// Creates a request.
    public init(
      receiptData: [UInt8], password: String?, endpoint: Verifier.Environment, excludeOldTransactions: Bool,
      includesTransactions: Bool = true
    ) {
      self.receiptData = receiptData
      self.password = password
      self.endpoint = endpoint
      self.excludeOldTransactions = excludeOldTransactions
      self.includesTransactions = includesTransactions
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
    /// Apple's JSON body; ``ResponseBody/renderedJSON()`` writes its text.
    public var body: ResponseBody
    /// The latest expiry of each product in `latest_receipt_info` (a receipt with auto-renewable
    /// subscriptions), known even when the body was not asked for.
    public var latestExpiries: [String: Date] = [:]
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
      receipt = try world.verifiedReceipts.verify(bytes, trustedRoot: authority.root, at: now)
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
      let reason =
        request.password == nil
        ? "no password was sent, and the app has a shared secret"
        : "the shared secret does not match the app's"
      return failure(21004, request.endpoint, reason)
    }
    return try success(
      receipt, posted: bytes, account: account, subscriptions: hasSubscriptions, request: request, now: now)
  }

  /// The receipt a client sent: DER bytes as given, or decoded from standard base64 text with its
  /// padding exact (line breaks and other white space allowed, as apps wrap the text; extra `=`
  /// refused).
  ///
  /// - Parameter data: The request's `receipt-data`.
  /// - Returns: The DER bytes, or `nil` when the data is empty or neither DER nor strict base64.
  public static func receiptBytes(_ data: [UInt8]) -> [UInt8]? {
    guard !data.isEmpty else { return nil }
    if data.first == 0x30 { return data }
    // In ASCII, the white space of `Character.isWhitespace` is tab to carriage return, and space.
    if let bytes = Base64.decode(skippingWhitespace: data, .standard) { return bytes }
    guard data.contains(where: { $0 >= 0x80 }) else { return nil }
    return Base64.decode(String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }, .standard)
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
      body: ResponseBody(
        environment: endpoint.rawValue, isRetryable: false, isRetryableUnderscored: false, status: status))
  }

  private func success(
    _ receipt: AppReceipt, posted: [UInt8], account: Account, subscriptions: Bool, request: Request, now: Date
  ) throws(SimulationError) -> Response {
    let latestExpiries = subscriptions ? self.latestExpiries(account) : [:]
    guard request.includesTransactions else {
      let body = ResponseBody(environment: request.endpoint.rawValue, status: 0)
      return Response(status: 0, failure: nil, receipt: receipt, body: body, latestExpiries: latestExpiries)
    }
    let receiptBody = ResponseBody.Receipt(receipt, answeredAt: now)
    var body = ResponseBody(environment: request.endpoint.rawValue, receipt: receiptBody, status: 0)
    if subscriptions {
      body.latestReceipt = try latestReceiptText(request, posted: posted)
      // `latest_receipt_info` lists the receipt's transactions: an entry equal to the receipt's is
      // not written out again.
      body.latestReceiptInfo = latestReceiptInfo(
        account, excludeOld: request.excludeOldTransactions,
        written: WrittenEntries(sources: receipt.inAppPurchases, entries: receiptBody.inApp))
      body.pendingRenewalInfo = account.subscriptions.values.sorted { $0.group < $1.group }.map {
        ResponseBody.PendingRenewalInfo($0, at: now)
      }
    }
    return Response(status: 0, failure: nil, receipt: receipt, body: body, latestExpiries: latestExpiries)
  }

  /// `latest_receipt`: the device's latest receipt in base64. When the client posted that very
  /// receipt as base64 with no white space, its text is the answer: strict base64 has one accepted
  /// form for given bytes (``Base64``), so the text equals the encoding, and 45 KB of a long history
  /// are not encoded again.
  private func latestReceiptText(_ request: Request, posted: [UInt8]) throws(SimulationError) -> String {
    let latest = try world.latestSignedReceipt(for: world.device)
    let text = request.receiptData
    if BytesKey.equal(latest, posted), text.first != 0x30, text.count == (posted.count + 2) / 3 * 4 {
      return String(decoding: text, as: UTF8.self)
    }
    return Data(latest).base64EncodedString()
  }

  /// The latest expiry of each product among the records `latest_receipt_info` lists.
  private func latestExpiries(_ account: Account) -> [String: Date] {
    var latest: [String: Date] = [:]
    for record in account.receiptRecords(asOf: account.stamp(at: world.store.clock.now)) {
      guard let expires = record.expiresDate else { continue }
      latest[record.productId] = max(latest[record.productId] ?? expires, expires)
    }
    return latest
  }

  /// The receipt's entries as `in_app` writes them, with what they were made from, found by
  /// transaction id.
  private struct WrittenEntries {
    /// The receipt's in-app purchases.
    let sources: [InAppPurchaseReceipt]
    /// Their `in_app` entries, in the same order.
    let entries: [ResponseBody.LatestReceiptInfo]
    /// Where each transaction's purchase and entry are.
    private let index: [String: Int]

    init(sources: [InAppPurchaseReceipt], entries: [ResponseBody.LatestReceiptInfo]) {
      self.sources = sources
      self.entries = entries
      var index: [String: Int] = [:]
      index.reserveCapacity(sources.count)
      for (at, source) in sources.enumerated() { index[source.transactionId] = at }
      self.index = index
    }

    /// The entry written for a purchase when the receipt has that very purchase, else a new one.
    func entry(for source: InAppPurchaseReceipt) -> ResponseBody.LatestReceiptInfo {
      guard let at = index[source.transactionId], sources[at] == source else {
        return ResponseBody.LatestReceiptInfo(source)
      }
      return entries[at]
    }
  }

  private func latestReceiptInfo(
    _ account: Account, excludeOld: Bool,
    written: WrittenEntries
  ) -> [ResponseBody.LatestReceiptInfo] {
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
    var groups: [String: String?] = [:]
    return records.sorted { $0.purchaseDate > $1.purchaseDate }.map {
      latestEntry($0, written: written, groups: &groups)
    }
  }

  /// The receipt's entry for a record, and what only `latest_receipt_info` tells: why it was
  /// cancelled, whether it was upgraded, who owns it, and a subscription's group.
  private func latestEntry(
    _ record: PurchaseRecord, written: WrittenEntries, groups: inout [String: String?]
  ) -> ResponseBody.LatestReceiptInfo {
    let source = ReceiptBuilder.entry(record)
    var entry = written.entry(for: source)
    if record.cancellationDate != nil, !record.isUpgraded {
      entry.cancellationReason = record.cancellationReason.map { String($0.rawValue) }
    }
    if record.isUpgraded { entry.isUpgraded = "true" }
    entry.offerCodeRefName = record.offerCodeRefName
    entry.inAppOwnershipType = (record.isFamilyShared ? InAppOwnershipType.familyShared : .purchased).rawValue
    if record.productType == .autoRenewable {
      entry.subscriptionGroupIdentifier = groupNumber(of: record.productId, found: &groups)
    }
    return entry
  }

  /// `subscription_group_identifier` of a product, looked up in the catalog once per answer.
  private func groupNumber(of productId: String, found: inout [String: String?]) -> String? {
    if let number = found[productId] { return number }
    let number = world.store.catalog.product(productId)?.subscription?.groupIdentifier
    found[productId] = .some(number)
    return number
  }
}
