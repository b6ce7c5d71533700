import Foundation

/// What StoreKit's API asks of the served world: each a request to the device face.
extension ServedStore {
  package var canMakePayments: Bool { state.withLock { $0.canMakePayments } }

  package var deviceVerificationID: UUID? { reader.deviceVerificationID }

  package var storefront: Storefront { state.withLock { $0.storefront } }

  package func products(for identifiers: [String]) async throws -> [Product] {
    let answer = try await request(
      "POST", "products", body: ProductsRequestWire(ids: identifiers), as: ListAnswer<ProductJSON>.self)
    return try answer.items.map { record throws(DeviceFailure) in try Product(record: record) }
  }

  package func purchase(
    _ product: Product, options: Set<Product.PurchaseOption>
  ) async throws
    -> Product.PurchaseResult
  {
    let body = PurchaseRequestWire(productID: product.id, options: options)
    let answer = try await request("POST", "purchase", body: body, as: PurchaseAnswer.self)
    switch answer.result {
    case "success":
      guard let transaction = answer.transaction else { throw Product.PurchaseError.productUnavailable }
      return .success(reader.transaction(transaction))
    case "pending": return .pending
    case "userCancelled": return .userCancelled
    default: throw StoreKitErrorNames.error(named: answer.error ?? "StoreKitError.unknown")
    }
  }

  package func finish(transactionID: UInt64) async {
    _ = try? await request(
      "POST", "finish", body: FinishRequestWire(transactionID: transactionID), as: DoneAnswer.self)
  }

  package func entitlements(productID: String?) async -> [VerificationResult<Transaction>] {
    await transactions("entitlements", productID: productID)
  }

  package func allTransactions(productID: String?) async -> [VerificationResult<Transaction>] {
    await transactions("all", productID: productID)
  }

  package func unfinished() async -> [VerificationResult<Transaction>] {
    await transactions("unfinished", productID: nil)
  }

  package func isEligibleForIntroOffer(groupID: String) async -> Bool {
    let answer = try? await request(
      "GET", "eligibility", query: ["group": groupID], as: EligibilityAnswer.self)
    return answer?.eligible ?? false
  }

  package func statuses(groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
    try await request("GET", "statuses", query: ["group": groupID], as: ListAnswer<StatusWire>.self).items
      .map(reader.status)
  }

  package func status(transactionID: UInt64) async throws -> Product.SubscriptionInfo.Status? {
    try await request(
      "GET", "statuses", query: ["transaction": String(transactionID)], as: ListAnswer<StatusWire>.self
    ).items.first.map(reader.status)
  }

  package func allStatuses() async -> [(groupID: String, statuses: [Product.SubscriptionInfo.Status])] {
    let answer = try? await request("GET", "statuses", as: ListAnswer<GroupStatusesWire>.self)
    return (answer?.items ?? []).map { ($0.groupID, $0.statuses.map(reader.status)) }
  }

  package func appTransaction(refresh: Bool) async throws -> VerificationResult<AppTransaction> {
    reader.appTransaction(
      try await request(
        "POST", "app-transaction", body: AppTransactionRequestWire(refresh: refresh), as: SignedWire.self))
  }

  package func sync() async throws {
    _ = try await request("POST", "sync", as: DoneAnswer.self)
  }

  /// A query of transactions: `entitlements`, `all` or `unfinished`.
  private func transactions(_ kind: String, productID: String?) async -> [VerificationResult<Transaction>] {
    var query = ["kind": kind]
    query["product"] = productID
    let answer = try? await request("GET", "transactions", query: query, as: ListAnswer<SignedWire>.self)
    return (answer?.items ?? []).map(reader.transaction)
  }

  /// Sends a request; a failure that names a StoreKit error throws that error, as StoreKit would.
  func request<Answer: Decodable>(
    _ method: String, _ operation: String, query: [String: String] = [:],
    body: (some Encodable)? = nil as Int?,
    as type: Answer.Type
  ) async throws -> Answer {
    do {
      return try await connection.send(method, operation, query: query, body: body, as: type)
    } catch let failure as DeviceFailure {
      if let name = failure.storeKitError { throw StoreKitErrorNames.error(named: name) }
      throw failure
    }
  }
}
