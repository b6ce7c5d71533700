import Hummingbird
import Simulation

/// Answers what the routes do not, in Apple's error shape: an unknown path 404
/// (`APIError.notFound`), a body over the limit 413 (`APIError.payloadTooLarge`), any other HTTP
/// error with its status and Apple's general error for it.
struct EdgeErrorMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError {
      return Response(error: Self.apiError(for: error.status))
    }
  }

  /// The Apple-shaped error for an HTTP status the edge answers.
  static func apiError(for status: HTTPResponse.Status) -> APIError {
    switch status {
    case .notFound: .notFound
    case .methodNotAllowed: .methodNotAllowed
    case .contentTooLarge: .payloadTooLarge
    case _ where status.code >= 500: .generalInternal
    default: .generalBadRequest
    }
  }
}
