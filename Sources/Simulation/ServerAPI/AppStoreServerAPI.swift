import Foundation

/// The App Store Server API's answers as values: the router for every path under `/inApps/` and
/// the endpoints behind it, over a world. Authentication is the edge's: a request reaching here
/// carries a valid token. Every answer follows Apple's wire format (Apple's App Store Server API
/// documentation): compact JSON with Apple's keys in Apple's order, errors as
/// `{"errorCode": N, "errorMessage": "…"}` with `Content-Type: application/json`.
public enum AppStoreServerAPI {
  /// Every endpoint, in matching order: fixed words before `{…}` where two patterns overlap.
  static let routes: [APIRoute] = [
    APIRoute("app-transaction", "GET", "/inApps/v1/transactions/appTransactions/{id}", appTransactionInfo),
    APIRoute("consumption-v1", "PUT", "/inApps/v1/transactions/consumption/{id}", consumptionV1),
    APIRoute("consumption", "PUT", "/inApps/v2/transactions/consumption/{id}", consumption),
    APIRoute("app-account-token", "PUT", "/inApps/v1/transactions/{id}/appAccountToken", setAppAccountToken),
    APIRoute("finish", "POST", "/inApps/v1/transactions/{id}/finish", finishTransaction),
    APIRoute("transaction-info", "GET", "/inApps/v1/transactions/{id}", transactionInfo),
    APIRoute("history", "GET", "/inApps/v2/history/{id}", historyV2),
    APIRoute("history-v1", "GET", "/inApps/v1/history/{id}", historyV1),
    APIRoute(
      "extend-status", "GET", "/inApps/v1/subscriptions/extend/mass/{productId}/{requestId}",
      massExtensionStatus),
    APIRoute("extend-mass", "POST", "/inApps/v1/subscriptions/extend/mass", massExtend),
    APIRoute("extend", "PUT", "/inApps/v1/subscriptions/extend/{id}", extendRenewalDate),
    APIRoute("statuses", "GET", "/inApps/v1/subscriptions/{id}", subscriptionStatuses),
    APIRoute("order-lookup", "GET", "/inApps/v1/lookup/{orderId}", lookUpOrderID),
    APIRoute("refund-history", "GET", "/inApps/v2/refund/lookup/{id}", refundHistory),
    APIRoute("refund-history-v1", "GET", "/inApps/v1/refund/lookup/{id}", refundHistoryV1),
    APIRoute("test-notification", "POST", "/inApps/v1/notifications/test", nil),
    APIRoute("test-notification-status", "GET", "/inApps/v1/notifications/test/{token}", nil),
    APIRoute("notification-history", "POST", "/inApps/v1/notifications/history", nil),
  ]

  /// The short names of every endpoint, for fault switches, in the order of the reference's table
  /// (#1 to #18): `transaction-info`, `history`, ….
  public static let endpointNames = [
    "transaction-info", "history", "history-v1", "statuses", "order-lookup", "refund-history",
    "refund-history-v1", "consumption", "consumption-v1", "extend", "extend-mass", "extend-status",
    "test-notification", "test-notification-status", "notification-history", "app-account-token",
    "app-transaction", "finish",
  ]

  /// Answers a request. Fault switches for the endpoint come first (`rate-limit`, `error`, and
  /// `delay` on whatever the answer is); then the notification endpoints, then the rest. An unknown
  /// path is 404, a known path with another method 405, both with Apple-shaped bodies.
  ///
  /// - Parameters:
  ///   - request: The request, authenticated by the edge.
  ///   - world: The world it asks about.
  /// The whole request uses one opening of the certificate authority, and the world settles after
  /// it, so that notifications a change causes (an extension, a refund decision) are attempted
  /// before the answer leaves, as after a command.
  ///
  /// - Returns: The answer.
  public static func respond(to request: APIRequest, in world: World) -> APIResponse {
    let name = endpointName(for: request)
    let answer = world.withOneAuthority {
      withFaults(on: name, in: world) {
        if let answer = notificationRoute(request, in: world) { return answer }
        return dispatch(request, in: world)
      }
    }
    world.settle()
    if request.method != "GET" { world.noteChange() }
    return answer
  }

  /// The short name of the endpoint a request's path names (whatever its method), or `nil` for a
  /// path the API does not have: what fault switches are set on.
  public static func endpointName(for request: APIRequest) -> String? {
    let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    let matching = routes.filter { $0.parameters(of: Array(segments)) != nil }
    return (matching.first { $0.method == request.method } ?? matching.first)?.name
  }

  /// Answers through the fault switches of an endpoint: `rate-limit` and `error` answer instead,
  /// `delay` holds the answer back. With no endpoint (an unknown path), only `all` faults apply.
  ///
  /// - Parameters:
  ///   - name: The endpoint's short name.
  ///   - world: The world whose switches apply.
  ///   - answer: Makes the answer when no fault replaces it.
  /// - Returns: The answer.
  public static func withFaults(
    on name: String?, in world: World, _ answer: () -> APIResponse
  ) -> APIResponse {
    let faults = world.serverAPI.faults(for: name ?? ServerFault.allEndpoints)
    var response: APIResponse?
    var delay: Duration?
    for fault in faults {
      switch fault {
      case .rateLimit(let window):
        guard response == nil else { continue }
        let until = Int64((world.store.clock.now.timeIntervalSince1970 * 1000).rounded(.down)) + window
        var limited = APIResponse.error(.rateLimitExceeded)
        limited.headers.append(("Retry-After", String(until)))
        response = limited
      case .error(let retryable):
        if response == nil { response = .error(retryable ? .generalInternalRetryable : .generalInternal) }
      case .delay(let milliseconds): delay = .milliseconds(milliseconds)
      case .notFoundYounger, .status: continue
      }
    }
    var final = response ?? answer()
    if let delay { final.delay = delay }
    return final
  }

  /// Finds the route and runs it.
  private static func dispatch(_ request: APIRequest, in world: World) -> APIResponse {
    let segments = Array(request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    var pathMatched = false
    for route in routes {
      guard let parameters = route.parameters(of: segments) else { continue }
      pathMatched = true
      guard route.method == request.method else { continue }
      guard let handler = route.handler else { return .error(.notFound) }
      let context = APIContext(
        world: world, request: request, parameters: parameters,
        faults: world.serverAPI.faults(for: route.name))
      do {
        return try handler(context)
      } catch {
        return .error(error)
      }
    }
    return .error(pathMatched ? .methodNotAllowed : .notFound)
  }

  /// A model as Apple's compact JSON, keys in the model's order.
  static func json(_ value: some Encodable, status: Int = 200) -> APIResponse {
    do {
      return .json(try OrderedJSONEncoder(isCompact: true).encode(value), status: status)
    } catch {
      return .error(.generalInternal)
    }
  }
}
