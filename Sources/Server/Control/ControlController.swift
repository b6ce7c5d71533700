import Foundation
import HTTPTypes
import Hummingbird
import Simulation
import Vocabulary

/// The control API, for UI tests and scripts, under `/control/v1/`: `POST /control/v1/command`
/// runs one command line, `POST /control/v1/actions/NAME` a Transaction Manager action, and `GET
/// /control/v1/transactions`, `subscriptions`, `waiting`, `notifications` and `entitlements` read
/// the world back. JSON in and out; see docs/control-api.md.
///
/// Every request carries `Authorization: Bearer TOKEN`, the server's control token, and is
/// addressed to `127.0.0.1` or `localhost`. Commands run through the world's owner as typed lines
/// (shown as `control> LINE`, journaled with `--state`), and are answered once the world settled.
struct ControlController {
  /// The path every control request starts with.
  static let prefix = "/control/v1"

  let world: any WorldAccess
  let bodyLimit: Int
  let token: PageSecret

  /// Adds the routes.
  func add(to router: Router<BasicRequestContext>) {
    let group = router.group(RouterPath(stringLiteral: Self.prefix))
    group.post("command") { request, _ in
      try await guarded(request) { runner in
        let fields = try await body(of: request)
        guard let line = fields["line"] as? String else {
          throw ControlError(.invalidValue, "command: the field line must be a string, one command line")
        }
        return result(await runner.control(line: line))
      }
    }
    group.post("actions/{name}") { request, context in
      try await guarded(request) { runner in
        let action = PageAction(
          name: context.parameters.get("name") ?? "", fields: try strings(in: try await body(of: request)))
        return result(await runner.control(action))
      }
    }
    group.get("entitlements") { request, _ in
      try await guarded(request) { runner in result(await runner.control(line: "entitlements")) }
    }
    group.get("quiet") { request, _ in
      try await guarded(request) { _ in try await quiet(request) }
    }
    for part in ControlReading.Part.allCases {
      group.get(RouterPath(stringLiteral: part.rawValue)) { request, _ in
        try await guarded(request) { _ in
          json(await world.withWorld { ControlReading(part, of: WorldView($0)) }, status: .ok)
        }
      }
    }
    group.on("**", method: .get) { request, _ in try await unknownPath(request) }
    group.on("**", method: .post) { request, _ in try await unknownPath(request) }
  }

  /// How long `GET /control/v1/quiet` waits at most, in seconds.
  static let longestQuietWait = 60

  /// `GET /control/v1/quiet?timeout=S`: answers once every connected app's listener has heard
  /// (and its listeners taken) every update of its device, or after S seconds (at most
  /// ``longestQuietWait``), with `quiet` saying which and `behind` naming the devices still behind.
  private func quiet(_ request: Request) async throws -> Response {
    let timeout = Int(request.uri.queryParameters["timeout"].map(String.init) ?? "10") ?? 10
    let deadline = ContinuousClock.now + .seconds(min(max(0, timeout), Self.longestQuietWait))
    let devices = world as? any DeviceRunner
    var behind = await devices?.devicesBehind() ?? []
    while !behind.isEmpty, ContinuousClock.now < deadline {
      try await Task.sleep(for: DeviceController.pollInterval)
      behind = await devices?.devicesBehind() ?? []
    }
    return json(QuietAnswer(quiet: behind.isEmpty, behind: behind), status: .ok)
  }

  private struct QuietAnswer: Encodable {
    var quiet: Bool
    var behind: [String]
  }

  private func unknownPath(_ request: Request) async throws -> Response {
    try await guarded(request) { _ in
      throw ControlError(.notFound, "no control request \(request.method) \(request.uri.path)")
    }
  }

  // MARK: Requests

  /// The request's body: a JSON object.
  private func body(of request: Request) async throws -> [String: Any] {
    let bytes = try await request.bodyBytes(upTo: bodyLimit)
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw ControlError(.invalidValue, "\(request.uri.path): the body is not JSON")
    }
    guard let object = value as? [String: Any] else {
      throw ControlError(.invalidValue, "\(request.uri.path): the body must be a JSON object")
    }
    return object
  }

  /// An action's fields: every member a string.
  private func strings(in object: [String: Any]) throws -> [String: String] {
    var fields: [String: String] = [:]
    for (name, value) in object {
      guard let text = value as? String else {
        throw ControlError(.invalidValue, "the field \(name) must be a string")
      }
      fields[name] = text
    }
    return fields
  }

  // MARK: Answers

  /// How a command went: `200` when it succeeded, `404` when it named what does not exist, `409`
  /// when the world's state refused it, `400` for any other failure (unknown command or action,
  /// invalid arguments).
  private func result(_ result: ControlResult) -> Response {
    json(ControlAnswer(result), status: result.commandLine == nil ? .badRequest : Self.status(for: result))
  }

  /// The status of a command that ran.
  static func status(for result: ControlResult) -> HTTPResponse.Status {
    guard !result.succeeded else { return .ok }
    switch result.code {
    case .notFound, .unknownProduct, .unknownTransaction: return .notFound
    case .conflict, .refundRefused: return .conflict
    default: return .badRequest
    }
  }

  private func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data(#"{"error":{"message":"cannot encode the answer"}}"#.utf8)
    return Response(
      status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  private struct Failure: Encodable {
    var error: ControlError
  }

  // MARK: Guard

  /// Runs a handler for a request addressed to loopback and carrying the control token; answers
  /// what it throws as a JSON error (`421` for a foreign `Host`, `401` for a missing or wrong token,
  /// `501` when the world runs no commands, `404` for an unknown path, else `400`).
  private func guarded(
    _ request: Request, _ handler: (any ControlRunner) async throws -> Response
  ) async throws -> Response {
    guard PageController.isLoopbackHost(request.headers[PageController.hostField] ?? request.head.authority)
    else {
      return json(
        Failure(
          error: ControlError(.notAllowed, "the control API answers requests to 127.0.0.1 or localhost only")),
        status: .misdirectedRequest)
    }
    if let refusal = token.refusal(
      of: request.headers[.authorization], name: "the control token", option: "--control-token")
    {
      return json(Failure(error: ControlError(.notAllowed, refusal)), status: .unauthorized)
    }
    guard let runner = world as? any ControlRunner else {
      return json(
        Failure(error: ControlError(.notAllowed, "this server runs no commands")), status: .notImplemented)
    }
    do {
      return try await handler(runner)
    } catch let error as ControlError {
      return json(
        Failure(error: error), status: error.code == ErrorCode.notFound.rawValue ? .notFound : .badRequest)
    }
  }
}
