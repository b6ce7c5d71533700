import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import JSON
import Simulation
import Vocabulary

/// The page on `serve`: `GET /` (the world, live), `GET /world` (the part that updates, `304` while
/// it has not changed), `GET /assets/app.js` and `/assets/app.css`, and `POST /actions` (a
/// Transaction Manager action, run as the command it mirrors).
///
/// The page answers only requests addressed to `127.0.0.1` or `localhost` (a page on another name
/// that resolves here cannot read it), and an action only with the server's token, which only the
/// page holds.
struct PageController {
  let world: any WorldAccess
  let bodyLimit: Int
  let token = PageSecret()

  /// Adds the routes.
  func add(to router: Router<BasicRequestContext>) {
    router.get("/") { request, _ in try await guarded(request) { try await page() } }
    router.get("/world") { request, _ in try await guarded(request) { try await fragment(request) } }
    router.get("/assets/{name}") { request, context in
      try await guarded(request) { try asset(context.parameters.get("name") ?? "") }
    }
    router.post("/actions") { request, _ in try await guarded(request) { try await act(request) } }
  }

  // MARK: Pages

  private func templates() throws -> PageTemplates {
    switch PageTemplates.shipped {
    case .success(let templates): return templates
    case .failure(let error): throw HTTPError(.internalServerError, message: error.reason)
    }
  }

  private func view() async -> WorldView {
    await world.withWorld { WorldView($0) }
  }

  /// The whole page; after an action a plain form sent, saying how it went.
  private func page(
    after result: PageActionResult? = nil, status: HTTPResponse.Status = .ok
  ) async throws
    -> Response
  {
    let templates = try templates()
    var context = PageContext(token: token.value, world: await view())
    context.worldHTML = templates.render("world", context)
    context.etag = Self.tag(of: context.worldHTML)
    if let result { context.show(result) }
    return html(templates.render("page", context), etag: nil, status: status)
  }

  private func fragment(_ request: Request) async throws -> Response {
    let templates = try templates()
    let body = templates.render("world", PageContext(token: token.value, world: await view()))
    let etag = Self.tag(of: body)
    if request.headers[.ifNoneMatch] == etag {
      return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "no-store"])
    }
    return html(body, etag: etag)
  }

  private func asset(_ name: String) throws -> Response {
    guard let asset = try templates().assets[name] else { throw HTTPError(.notFound) }
    var headers = Self.securityHeaders
    headers[.contentType] = asset.contentType
    headers[.cacheControl] = "no-cache"
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
  }

  private func html(_ text: String, etag: String?, status: HTTPResponse.Status = .ok) -> Response {
    var headers = Self.securityHeaders
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    if let etag { headers[.eTag] = etag }
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  /// A weak tag for a rendering: its SHA-256, shortened.
  private static func tag(of text: String) -> String {
    let digest = SHA256.hash(data: Data(text.utf8))
    return "\"" + digest.prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
  }

  /// What every answer of the page carries: scripts only from this server, no framing, no sniffing,
  /// no referrer to other sites. (`same-origin`, not `no-referrer`: under `no-referrer` a browser
  /// posts a plain form with `Origin: null`, which ``guarded(_:_:)`` refuses.)
  private static let securityHeaders: HTTPFields = [
    .contentSecurityPolicy:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'",
    .xContentTypeOptions: "nosniff",
    HTTPField.Name("Referrer-Policy")!: "same-origin",
    HTTPField.Name("X-Frame-Options")!: "DENY",
  ]

  // MARK: Actions

  private func act(_ request: Request) async throws -> Response {
    let body = try await request.bodyBytes(upTo: bodyLimit)
    var fields: [String: String] = [:]
    for item in QueryDecoder.items(of: String(decoding: body, as: UTF8.self)) where fields[item.name] == nil {
      fields[item.name] = item.value
    }
    let wantsJSON = request.headers[.accept]?.contains("application/json") ?? false
    guard token.accepts(fields.removeValue(forKey: "token")) else {
      return try await answer(
        PageActionResult(
          commandLine: nil, succeeded: false, message: "the page's token is missing or wrong: reload the page"
        ), status: .forbidden, json: wantsJSON)
    }
    guard let runner = world as? any PageActionRunner else {
      return try await answer(
        PageActionResult(commandLine: nil, succeeded: false, message: "this server runs no commands"),
        status: .notImplemented, json: wantsJSON)
    }
    let name = fields.removeValue(forKey: "action") ?? ""
    let result = await runner.perform(PageAction(name: name, fields: fields))
    return try await answer(
      result, status: result.commandLine == nil ? .badRequest : Self.status(for: result.code), json: wantsJSON
    )
  }

  /// How an action went, with the same status for every client: JSON for the page's script; for a
  /// plain form, a redirect back to the page when the action ran and succeeded, else the page
  /// itself saying why (a refused token is a 403 there too).
  private func answer(
    _ result: PageActionResult, status: HTTPResponse.Status, json: Bool
  ) async throws -> Response {
    guard json else {
      guard result.succeeded else { return try await page(after: result, status: status) }
      return Response(status: .seeOther, headers: [.location: "/"])
    }
    var members = [OrderedJSON.Member]()
    if let line = result.commandLine { members.append(.init("line", .string(line))) }
    members += [.init("message", .string(result.message)), .init("ok", .bool(result.succeeded))]
    if let code = result.code { members.append(.init("code", .string(code.rawValue))) }
    var headers = Self.securityHeaders
    headers[.contentType] = "application/json"
    return Response(
      status: status, headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: OrderedJSON.object(members).text)))
  }

  /// The status of an action whose command ran: `404 Not Found` when the command named something
  /// that does not exist (a product, a transaction, …), `409 Conflict` when the state refused it
  /// (done already, a refund refused), `200 OK` otherwise, failed or not (the page's JSON says
  /// how it went, with the failure's code).
  static func status(for code: ErrorCode?) -> HTTPResponse.Status {
    guard let code else { return .ok }
    switch code {
    case .notFound, .unknownProduct, .unknownTransaction: return .notFound
    case .conflict, .refundRefused: return .conflict
    default: return .ok
    }
  }

  // MARK: Guard

  /// Runs a handler for a request addressed to this machine by name or loopback address; others
  /// get `421 Misdirected Request`.
  private func guarded(_ request: Request, _ handler: () async throws -> Response) async throws -> Response {
    guard Self.isLoopbackHost(request.headers[Self.hostField] ?? request.head.authority) else {
      return Response(status: .misdirectedRequest)
    }
    if let origin = request.headers[.origin], request.method == .post, !Self.isLoopbackOrigin(origin) {
      return Response(status: .forbidden)
    }
    return try await handler()
  }

  /// `Host`, for a request that carries it as a field rather than as the authority.
  static let hostField = HTTPField.Name("Host")!

  /// Whether a `Host` names loopback: `127.0.0.1`, `localhost` or `[::1]`, with any port.
  static func isLoopbackHost(_ host: String?) -> Bool {
    guard let host else { return false }
    let name: Substring
    if host.hasPrefix("[") {
      name = host.prefix { $0 != "]" }.dropFirst()
    } else {
      name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
    return ["127.0.0.1", "localhost", "::1"].contains(name.lowercased())
  }

  /// Whether an `Origin` is a loopback page: `http://127.0.0.1:PORT` and the like.
  static func isLoopbackOrigin(_ origin: String) -> Bool {
    guard origin.hasPrefix("http://") else { return false }
    return isLoopbackHost(String(origin.dropFirst("http://".count).prefix { $0 != "/" }))
  }
}
