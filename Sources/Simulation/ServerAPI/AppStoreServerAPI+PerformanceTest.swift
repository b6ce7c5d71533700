import Foundation
import JSON
import Store

/// The Retention Messaging API's performance test: Apple's load test of the app's realtime URL,
/// run here in real time against the sandbox's realtime URL (``PerformanceTestRun``).
extension AppStoreServerAPI {
  /// Initiate Performance Test: `POST /inApps/v1/messaging/performanceTest` with an original
  /// transaction id of an auto-renewable subscription; answers `{config, requestId}` at once, the
  /// requests going out in the background. One test at a time.
  static func initiatePerformanceTest(_ context: APIContext) throws(APIError) -> APIResponse {
    let body = try context.body(
      PerformanceTestRequest.self, fieldErrors: [:], malformed: .invalidPerformanceTestRequest)
    guard let text = body.originalTransactionId, let number = APIContext.number(text) else {
      throw .invalidPerformanceTestRequest
    }
    guard let account = context.store.account(holdingTransaction: number),
      let index = account.index(ofTransaction: number)
    else { throw .originalTransactionIdNotFound }
    let record = account.history[index]
    guard record.productType == .autoRenewable else { throw .invalidPerformanceTestRequest }
    guard record.originalTransactionNumber == number else { throw .transactionIdIsNotOriginalTransactionId }
    let retention = context.world.retention
    guard let target = retention.realtimeURLs[.sandbox] else { throw .realtimeURLNotFound }
    guard !retention.isTestRunning else { throw .existingPerformanceTestRun }
    guard let transport = context.world.notificationTransport else { throw .generalInternal }
    let config = PerformanceTestConfig.scaled(by: retention.performanceTestScale)
    let bodies = try (0..<config.totalRequests).map { _ throws(APIError) in
      try signedRequest(for: record, in: context)
    }
    let run = PerformanceTestRun(requestId: UUID().uuidString.lowercased(), config: config, target: target)
    retention.start(run)
    guard !context.world.isReplayingChanges else { return .empty(200) }
    Task.detached {
      await run.run(bodies) { body, timeout in
        await transport.exchangeConcurrently(body, to: target, timeout: timeout)
      }
    }
    return .json(
      OrderedJSON.object([.init("config", config.json), .init("requestId", .string(run.requestId))]).text)
  }

  /// Get Performance Test Results: `GET /inApps/v1/messaging/performanceTest/result/{requestId}`.
  static func performanceTestResult(_ context: APIContext) throws(APIError) -> APIResponse {
    guard UUID(uuidString: context.parameters[0]) != nil else { throw .invalidRequestId }
    let requestId = context.parameters[0].lowercased()
    guard let run = context.world.retention.performanceTest(requestId) else {
      throw .performanceTestRunNotFound
    }
    return .json(run.json.text)
  }

  /// One request of the test: the subscription's realtime request as the sandbox sends it, with
  /// a request identifier of its own.
  private static func signedRequest(
    for record: PurchaseRecord, in context: APIContext
  ) throws(APIError) -> [UInt8] {
    do {
      return try context.world.realtimeRequestBody(
        originalTransactionId: record.originalTransactionNumber, productId: record.productId,
        locale: context.store.storefront.defaultLocale.replacingOccurrences(of: "_", with: "-"),
        requestIdentifier: UUID().uuidString.lowercased(), environment: .sandbox)
    } catch {
      throw .generalInternal
    }
  }
}
