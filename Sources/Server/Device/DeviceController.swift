import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle
import Simulation

/// The device face, for apps connected with StoreBenchClient's `ServedStore`, under
/// `/device/v1/DEVICE/OPERATION`: each request one of the device's StoreKit calls, answered from
/// the one world by its owner (``DeviceRunner``); changes run as command lines on the device,
/// journaled with `--state`, and shown as `DEVICE> LINE`. See docs/your-app-your-backend.md.
///
/// Every request carries `Authorization: Bearer TOKEN`, the server's device token. Unless the
/// server listens beyond loopback (`serve --listen`), requests must be addressed to `127.0.0.1` or
/// `localhost`. `GET …/updates` is a long poll: it answers at once when the device's listener has
/// updates after `after` or the world moved since `revision`, and otherwise when one arrives or
/// `wait` seconds (at most ``longestWait``) have passed.
struct DeviceController {
  /// The path every device request starts with.
  static let prefix = "/device/v1"
  /// The longest a poll waits, in seconds.
  static let longestWait = 30
  /// How often a waiting poll looks at the world again.
  static let pollInterval = Duration.milliseconds(20)

  let world: any WorldAccess
  let bodyLimit: Int
  let token: PageSecret
  /// Whether requests addressed to other hosts than loopback are answered (`--listen`).
  let answersOtherHosts: Bool

  /// Adds the routes.
  func add(to router: Router<BasicRequestContext>) {
    let group = router.group(RouterPath(stringLiteral: Self.prefix))
    for method in [HTTPRequest.Method.get, .post] {
      group.on("{device}/{operation}", method: method) { request, context in
        try await guarded(request) { runner in
          let device = context.parameters.get("device") ?? ""
          let operation = context.parameters.get("operation") ?? ""
          let body = method == .post ? Data(try await request.bodyBytes(upTo: bodyLimit)) : Data()
          var query: [String: String] = [:]
          for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
          let asked = DeviceRequest(device: device, operation: operation, query: query, body: body)
          return response(await answer(asked, with: runner))
        }
      }
    }
  }

  /// Answers a request; a poll for updates waits until there is news or its time is up.
  private func answer(_ request: DeviceRequest, with runner: any DeviceRunner) async -> DeviceAnswer {
    let wait =
      request.operation == "updates" ? min(Int(request.query["wait"] ?? "0") ?? 0, Self.longestWait) : 0
    let deadline = ContinuousClock.now + .seconds(max(0, wait))
    // A server shutting down answers at once: its graceful shutdown waits for requests in flight.
    while ContinuousClock.now < deadline, !Task.isCancelled, !Task.isShuttingDownGracefully,
      !(await runner.hasNews(for: request))
    {
      try? await Task.sleep(for: Self.pollInterval)
    }
    return await runner.answer(request)
  }

  private func response(_ answer: DeviceAnswer) -> Response {
    Response(
      status: HTTPResponse.Status(code: answer.status),
      headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
  }

  private func failure(_ status: Int, _ code: String, _ message: String) -> Response {
    let object = ["errorCode": code, "errorMessage": message]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return response(DeviceAnswer(status: status, body: data))
  }

  /// Runs a handler for a request addressed to loopback (unless `--listen`) and carrying the
  /// device token: `421` for a foreign `Host`, `401` for a missing or wrong token, `501` when the
  /// world answers no devices.
  private func guarded(
    _ request: Request, _ handler: (any DeviceRunner) async throws -> Response
  ) async throws -> Response {
    if !answersOtherHosts,
      !PageController.isLoopbackHost(request.headers[PageController.hostField] ?? request.head.authority)
    {
      return failure(
        421, "not_allowed",
        "the device face answers requests to 127.0.0.1 or localhost only (serve --listen to reach a LAN)")
    }
    if let refusal = token.refusal(
      of: request.headers[.authorization], name: "the device token", option: "--device-token")
    {
      return failure(401, "not_allowed", refusal)
    }
    guard let runner = world as? any DeviceRunner else {
      return failure(501, "not_allowed", "this server answers no devices")
    }
    do {
      return try await handler(runner)
    } catch {
      return failure(400, "invalid_value", "\(request.uri.path): \(error)")
    }
  }
}
