import Foundation
import JSON

/// The App Store Server API's answers as values: the router for every path under `/inApps/` and
/// the endpoints behind it, over a world. Authentication is the edge's: a request reaching here
/// carries a valid token. Every answer follows Apple's wire format (Apple's App Store Server API
/// documentation): compact JSON with Apple's keys in Apple's order, errors as
/// `{"errorCode": N, "errorMessage": "…"}` with `Content-Type: application/json`.
public enum AppStoreServerAPI {
  /// Answers a request. Fault switches for the endpoint come first (`rate-limit`, `error`, and
  /// `delay` on whatever the answer is); then the endpoint the route table finds (``routes``). An
  /// unknown path is 404, a known path with another method 405, both with Apple-shaped bodies.
  ///
  /// The request is one step of the world (``World/step(changing:_:)``), as a command is: one
  /// opening of the certificate authority, and the world settles after it, so that notifications a
  /// change causes (an extension, a refund decision) are attempted before the answer leaves. A
  /// `GET` changes nothing. In a world kept on disk, a request that may change it is written down
  /// first (``World/step(_:refused:_:)``); one that cannot be is refused with a retryable error,
  /// unchanged.
  ///
  /// - Parameters:
  ///   - request: The request, authenticated by the edge.
  ///   - world: The world it asks about.
  /// - Returns: The answer.
  public static func respond(to request: APIRequest, in world: World) -> APIResponse {
    let match = match(request)
    let work = { world.withFaults(on: match?.route.name) { answer(request, at: match, in: world) } }
    guard request.method != "GET" else { return world.step(changing: false, work) }
    return world.step(.request(request), refused: { _ in .error(.generalInternalRetryable) }, work)
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
