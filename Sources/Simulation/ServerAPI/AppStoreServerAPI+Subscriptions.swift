import Foundation
import Store
import Verifier

extension AppStoreServerAPI {
  /// #4 Get All Subscription Statuses: `GET /inApps/v1/subscriptions/{anyTransactionId}` (any
  /// transaction id of the customer's, or their `appTransactionId`): for each
  /// subscription group of the customer, one item per original transaction with its status (1–5),
  /// the latest period's transaction and the renewal info; `status` (repeatable, 1–5) filters.
  /// A family member's shared subscriptions are not among them (they have no renewal of their own
  /// here).
  static func subscriptionStatuses(_ context: APIContext) throws(APIError) -> APIResponse {
    var wanted: Set<Int> = []
    for text in context.request.values(of: "status") {
      guard let status = Int(text), (1...5).contains(status) else { throw .invalidStatus }
      wanted.insert(status)
    }
    let account = try context.customer(context.parameters[0])
    let signer = try context.signer()
    let factory = SignedPayloadFactory(world: context.world)
    var data: [SubscriptionGroupIdentifierItem] = []
    for state in account.subscriptions.values.sorted(by: { $0.group < $1.group }) {
      let status = state.status(at: context.now).serverAPIStatus
      guard wanted.isEmpty || wanted.contains(status) else { continue }
      let item = LastTransactionsItem(
        status: status, originalTransactionId: String(state.originalTransactionNumber),
        signedTransactionInfo: try context.signedTransaction(
          account.history[state.latestIndex], with: signer),
        signedRenewalInfo: try context.sign(factory.renewalInfo(state), with: signer))
      data.append(
        SubscriptionGroupIdentifierItem(
          subscriptionGroupIdentifier: context.store.catalog.groupIdentifier(ofGroup: state.group),
          lastTransactions: [item]))
    }
    return json(
      StatusResponse(
        environment: context.environment, bundleId: context.bundleId, appAppleId: context.world.appAppleId,
        data: data))
  }

  /// #10 Extend a Subscription Renewal Date: `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`.
  /// The same `requestIdentifier` for the same subscription again gets the first answer, and
  /// extends once.
  static func extendRenewalDate(_ context: APIContext) throws(APIError) -> APIResponse {
    let body = try context.body(
      ExtendRenewalDateRequest.self,
      fieldErrors: [
        "extendByDays": .invalidExtendByDays, "extendReasonCode": .invalidExtendReasonCode,
        "requestIdentifier": .invalidRequestIdentifier,
      ])
    let (days, _, requestIdentifier) = try checkExtension(
      days: body.extendByDays, reason: body.extendReasonCode, requestIdentifier: body.requestIdentifier)
    let found = try context.transaction(
      context.parameters[0], invalid: .invalidOriginalTransactionId, notFound: .originalTransactionIdNotFound)
    let number = found.record.transactionNumber
    guard found.record.originalTransactionNumber == number else { throw .invalidOriginalTransactionId }
    let key = ServerAPIState.key(String(number), requestIdentifier)
    if let answer = context.world.serverAPI.extensionAnswers[key] { return json(answer) }
    let record: PurchaseRecord
    do {
      record = try context.store.extendRenewalDate(
        originalTransactionNumber: number, days: days, account: found.account)
    } catch {
      switch error {
      case .ineligible: throw .subscriptionExtensionIneligible
      case .familyShared: throw .familySharedSubscriptionExtensionIneligible
      case .maximumReached: throw .subscriptionMaxExtension
      }
    }
    let answer = ExtendRenewalDateResponse(
      originalTransactionId: String(number), webOrderLineItemId: record.webOrderLineItemId, success: true,
      effectiveDate: milliseconds(record.expiresDate ?? context.now))
    context.world.serverAPI.extensionAnswers[key] = answer
    return json(answer)
  }

  /// #11 Extend Subscription Renewal Dates for All Active Subscribers:
  /// `POST /inApps/v1/subscriptions/extend/mass`. It runs at once: every active subscriber of the
  /// product (in the storefronts given) is extended or counted as failed, and the completed request
  /// is recorded for #12 (and the `RENEWAL_EXTENSION/SUMMARY` notification). The same
  /// `requestIdentifier` again is answered without extending again.
  static func massExtend(_ context: APIContext) throws(APIError) -> APIResponse {
    let body = try context.body(
      MassExtendRenewalDateRequest.self,
      fieldErrors: [
        "extendByDays": .invalidExtendByDays, "extendReasonCode": .invalidExtendReasonCode,
        "requestIdentifier": .invalidRequestIdentifier, "productId": .invalidProductId,
        "storefrontCountryCodes": .invalidStorefrontCountryCode,
      ])
    let (days, reason, requestIdentifier) = try checkExtension(
      days: body.extendByDays, reason: body.extendReasonCode, requestIdentifier: body.requestIdentifier)
    guard let productId = body.productId, context.store.catalog.product(productId)?.type == .autoRenewable
    else {
      throw .invalidProductId
    }
    var storefronts: Set<String>?
    if let codes = body.storefrontCountryCodes {
      guard !codes.isEmpty else { throw .invalidEmptyStorefrontCountryCodeList }
      for code in codes {
        guard code.utf8.count == 3, context.store.catalog.storefront(code)?.id == code else {
          throw .invalidStorefrontCountryCode
        }
      }
      storefronts = Set(codes)
    }
    let response = MassExtendRenewalDateResponse(requestIdentifier: requestIdentifier)
    if context.world.serverAPI.massExtension(productId: productId, requestIdentifier: requestIdentifier)
      != nil
    {
      return json(response)
    }
    let result = context.store.extendRenewalDates(productId: productId, days: days, storefronts: storefronts)
    context.world.serverAPI.record(
      MassExtensionRecord(
        requestIdentifier: requestIdentifier, productId: productId,
        storefrontCountryCodes: body.storefrontCountryCodes, extendByDays: days, extendReasonCode: reason,
        completeDate: context.now, succeededCount: result.succeededCount, failedCount: result.failedCount))
    sendSummary(
      of: result, productId: productId, requestIdentifier: requestIdentifier, request: body, in: context.world
    )
    return json(response)
  }

  /// Sends RENEWAL_EXTENSION/SUMMARY once a mass extension completes, when the app has a
  /// notification URL. The extensions are made either way: a summary that cannot be signed is not
  /// the request's failure, so the answer stays 200.
  private static func sendSummary(
    of result: MassRenewalExtension, productId: String, requestIdentifier: String,
    request: MassExtendRenewalDateRequest, in world: World
  ) {
    guard !world.notifications.urls(for: world.environment).isEmpty else { return }
    _ = try? world.sendRenewalExtensionSummary(
      productId: productId, requestIdentifier: requestIdentifier,
      storefrontCountryCodes: request.storefrontCountryCodes ?? [], succeededCount: result.succeededCount,
      failedCount: result.failedCount)
  }

  /// #12 Get Status of Subscription Renewal Date Extensions:
  /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`.
  static func massExtensionStatus(_ context: APIContext) throws(APIError) -> APIResponse {
    guard
      let record = context.world.serverAPI.massExtension(
        productId: context.parameters[0], requestIdentifier: context.parameters[1])
    else { throw .statusRequestNotFound }
    return json(
      MassExtendRenewalDateStatusResponse(
        requestIdentifier: record.requestIdentifier, complete: true,
        completeDate: milliseconds(record.completeDate), succeededCount: record.succeededCount,
        failedCount: record.failedCount))
  }

  /// Checks the fields both extension requests share: 1–90 days, reason 0–3, a request identifier
  /// of 1 to 128 characters.
  private static func checkExtension(
    days: Int?, reason: Int?, requestIdentifier: String?
  ) throws(APIError) -> (days: Int, reason: Int, requestIdentifier: String) {
    guard let days, (1...90).contains(days) else { throw .invalidExtendByDays }
    guard let reason, (0...3).contains(reason) else { throw .invalidExtendReasonCode }
    guard let requestIdentifier, (1...128).contains(requestIdentifier.count) else {
      throw .invalidRequestIdentifier
    }
    return (days, reason, requestIdentifier)
  }

  /// A date as UNIX milliseconds.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  }
}
