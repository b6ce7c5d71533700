import Hummingbird
import Logging
import Simulation

/// Everything under `/inApps/` and `/externalPurchase/` (the External Purchase Server API, same
/// JWT scheme): the bearer token is checked (a bare 401 when it fails, and one line in the log
/// saying why), then the request goes, as an ``APIRequest``, to ``AppStoreServerAPI``, which
/// answers unknown paths and methods itself. A `delay` fault is waited out here, outside the world's owner.
struct AppStoreServerAPIController {
  let world: any WorldAccess
  let bodyLimit: Int
  let tokens: BearerTokenVerifier
  /// The answers: ``AppStoreServerAPI/respond(to:in:)``.
  let api: @Sendable (APIRequest, World) -> APIResponse

  /// Adds the routes: every method on every path below `/inApps` and `/externalPurchase`.
  func add(to router: Router<BasicRequestContext>) {
    for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] {
      for prefix in ["/inApps/**", "/externalPurchase/**"] {
        router.on(RouterPath(prefix), method: method) { request, context in
          try await answer(request, context: context)
        }
      }
    }
  }

  private func answer(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let token: BearerTokenVerifier.CheckedToken
    do {
      token = try await tokens.check(authorization: request.headers[.authorization], keys: world)
    } catch {
      return refuse(request, error, context: context)
    }
    let apiRequest = APIRequest(
      method: request.method.rawValue, path: request.uri.path,
      query: QueryDecoder.items(of: request.uri.query ?? ""),
      body: try await request.bodyBytes(upTo: bodyLimit))
    let answer: APIResponse? = await world.withWorld { world in
      guard world.store.catalog.bundleId == token.bundleId else { return nil }
      return api(apiRequest, world)
    }
    guard let answer else { return refuse(request, .wrongBundleId, context: context) }
    return try await Response.after(answer)
  }

  /// A bare 401, as Apple answers, and a line in the log saying why: `401 for GET
  /// /inApps/v1/transactions/1: expired: exp has passed`.
  private func refuse(
    _ request: Request, _ failure: BearerTokenVerifier.Failure, context: BasicRequestContext
  ) -> Response {
    context.logger.warning("401 for \(request.method.rawValue) \(request.uri.path): \(failure.reason)")
    return Response(status: .unauthorized)
  }
}
