import Hummingbird
import Simulation
import Verifier

/// `POST /verifyReceipt` (production) and `POST /sandbox/verifyReceipt`: no authentication, as
/// Apple's. Other methods on these paths get HTTP 200 `{"status":21000}`, as Apple's do.
struct VerifyReceiptController {
  let world: any WorldAccess
  let bodyLimit: Int

  /// Adds the routes.
  func add(to router: Router<BasicRequestContext>) {
    for (path, face) in [
      ("/verifyReceipt", Verifier.Environment.production), ("/sandbox/verifyReceipt", .sandbox),
    ] {
      router.post(RouterPath(path)) { request, _ in try await answer(request, face: face) }
      for method in [HTTPRequest.Method.get, .put, .delete, .patch, .head] {
        router.on(RouterPath(path), method: method) { _, _ in Response(VerifyReceiptEndpoint.notPost) }
      }
    }
  }

  private func answer(_ request: Request, face: Verifier.Environment) async throws -> Response {
    let body = try await request.bodyBytes(upTo: bodyLimit)
    let answer = await world.withWorld { world in
      VerifyReceiptEndpoint.respond(toBody: body, face: face, in: world)
    }
    return try await Response.after(answer)
  }
}
