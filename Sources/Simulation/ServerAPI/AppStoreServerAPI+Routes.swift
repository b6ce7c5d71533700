extension AppStoreServerAPI {
  /// The one route table of everything under `/inApps` (and, at its end, the External Purchase
  /// Server API under `/externalPurchase`): each endpoint's short name (what fault
  /// switches, `server fault ENDPOINT …`, its help and its completion call it), method, path
  /// pattern and handler, in the order of Apple's documentation (the App Store Server API page's
  /// endpoint list, 18 endpoints), then the Retention Messaging API's 14. What names an endpoint (``endpointNames``) or finds one (``match(_:)``) derives from it.
  ///
  /// A path matches a pattern segment by segment, `{…}` standing for one non-empty segment. Where
  /// patterns of two endpoints match one path, the request's method chooses, then a fixed word
  /// wins over `{…}` at the first segment where they differ (``APIRoute/isMoreSpecific(than:)``).
  ///
  /// A trailing slash: Apple documents every path without one and does not say what its server
  /// makes of one; storebench accepts one `/` at the end of every path as the path without it
  /// (`…/transactions/1/` is Get Transaction Info, with its fault switches), on every endpoint alike.
  static let routes: [APIRoute] = [
    APIRoute("transaction-info", "GET", "/inApps/v1/transactions/{id}", transactionInfo),
    APIRoute("history", "GET", "/inApps/v2/history/{id}", historyV2),
    APIRoute("history-v1", "GET", "/inApps/v1/history/{id}", historyV1),
    APIRoute("statuses", "GET", "/inApps/v1/subscriptions/{id}", subscriptionStatuses),
    APIRoute("order-lookup", "GET", "/inApps/v1/lookup/{orderId}", lookUpOrderID),
    APIRoute("refund-history", "GET", "/inApps/v2/refund/lookup/{id}", refundHistory),
    APIRoute("refund-history-v1", "GET", "/inApps/v1/refund/lookup/{id}", refundHistoryV1),
    APIRoute("consumption", "PUT", "/inApps/v2/transactions/consumption/{id}", consumption),
    APIRoute("consumption-v1", "PUT", "/inApps/v1/transactions/consumption/{id}", consumptionV1),
    APIRoute("extend", "PUT", "/inApps/v1/subscriptions/extend/{id}", extendRenewalDate),
    APIRoute("extend-mass", "POST", "/inApps/v1/subscriptions/extend/mass", massExtend),
    APIRoute(
      "extend-status", "GET", "/inApps/v1/subscriptions/extend/mass/{productId}/{requestId}",
      massExtensionStatus),
    APIRoute("test-notification", "POST", "/inApps/v1/notifications/test") {
      NotificationEndpoints.requestTestNotification(in: $0.world)
    },
    APIRoute("test-notification-status", "GET", "/inApps/v1/notifications/test/{token}") {
      NotificationEndpoints.testNotificationStatus(token: $0.parameters[0], in: $0.world)
    },
    APIRoute("notification-history", "POST", "/inApps/v1/notifications/history") {
      NotificationEndpoints.history($0.request, in: $0.world)
    },
    APIRoute("app-account-token", "PUT", "/inApps/v1/transactions/{id}/appAccountToken", setAppAccountToken),
    APIRoute("app-transaction", "GET", "/inApps/v1/transactions/appTransactions/{id}", appTransactionInfo),
    APIRoute("finish", "POST", "/inApps/v1/transactions/{id}/finish", finishTransaction),
    APIRoute("messaging-image", "PUT", "/inApps/v1/messaging/image/{id}", uploadImage),
    APIRoute("messaging-image-delete", "DELETE", "/inApps/v1/messaging/image/{id}", deleteImage),
    APIRoute("messaging-images", "GET", "/inApps/v1/messaging/image/list", imageList),
    APIRoute("messaging-message", "PUT", "/inApps/v1/messaging/message/{id}", uploadMessage),
    APIRoute("messaging-message-delete", "DELETE", "/inApps/v1/messaging/message/{id}", deleteMessage),
    APIRoute("messaging-messages", "GET", "/inApps/v1/messaging/message/list", messageList),
    APIRoute(
      "messaging-default", "PUT", "/inApps/v1/messaging/default/{productId}/{locale}", configureDefault),
    APIRoute(
      "messaging-default-delete", "DELETE", "/inApps/v1/messaging/default/{productId}/{locale}", deleteDefault
    ),
    APIRoute("messaging-default-get", "GET", "/inApps/v1/messaging/default/{productId}/{locale}", getDefault),
    APIRoute("messaging-realtime-url", "PUT", "/inApps/v1/messaging/realtime/url", configureRealtimeURL),
    APIRoute(
      "messaging-realtime-url-delete", "DELETE", "/inApps/v1/messaging/realtime/url", deleteRealtimeURL),
    APIRoute("messaging-realtime-url-get", "GET", "/inApps/v1/messaging/realtime/url", getRealtimeURL),
    APIRoute("performance-test", "POST", "/inApps/v1/messaging/performanceTest", initiatePerformanceTest),
    APIRoute(
      "performance-test-result", "GET", "/inApps/v1/messaging/performanceTest/result/{requestId}",
      performanceTestResult),
    APIRoute("external-report", "PUT", "/externalPurchase/v1/reports", sendExternalPurchaseReport),
    APIRoute(
      "external-report-status", "GET", "/externalPurchase/v1/reports/{requestIdentifier}",
      retrieveExternalPurchaseReport),
  ]

  /// The short names of every endpoint, for fault switches, help and completion, in the route
  /// table's order (``routes``): `transaction-info`, `history`, ….
  public static let endpointNames = routes.map(\.name)

  /// The short name of the endpoint a request's path names (whatever its method), or `nil` for a
  /// path the API does not have: what fault switches are set on.
  public static func endpointName(for request: APIRequest) -> String? {
    match(request)?.route.name
  }

  /// The endpoint a request's path names, with the values of the path's `{…}` segments: of the
  /// routes whose pattern matches the path, one of the request's method if there is one, the most
  /// specific first; `nil` when no pattern matches.
  static func match(_ request: APIRequest) -> (route: APIRoute, parameters: [String])? {
    var path = Substring(request.path)
    if path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    let segments = Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    let matches = routes.compactMap { route in
      route.parameters(of: segments).map { (route: route, parameters: $0) }
    }
    let ofMethod = matches.filter { $0.route.method == request.method }
    return (ofMethod.isEmpty ? matches : ofMethod).min { $0.route.isMoreSpecific(than: $1.route) }
  }

  /// Answers a request through the endpoint ``match(_:)`` found: 404 when there is none, 405 when
  /// its method is another.
  static func answer(
    _ request: APIRequest, at match: (route: APIRoute, parameters: [String])?, in world: World
  ) -> APIResponse {
    guard let (route, parameters) = match else { return .error(.notFound) }
    guard route.method == request.method else { return .error(.methodNotAllowed) }
    let context = APIContext(
      world: world, request: request, parameters: parameters, faults: world.serverAPI.faults(for: route.name))
    do {
      return try route.handler(context)
    } catch {
      return .error(error)
    }
  }
}
