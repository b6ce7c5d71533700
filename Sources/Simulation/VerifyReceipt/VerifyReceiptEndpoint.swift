import Foundation
import JSON
import Verifier

/// verifyReceipt over HTTP, Apple's two hosts as two faces of one world: `.production` is
/// `POST /verifyReceipt` (`buy.itunes.apple.com`), `.sandbox` is `POST /sandbox/verifyReceipt`
/// (`sandbox.itunes.apple.com`). The production face answers 21007 to a sandbox receipt and the
/// sandbox face 21008 to a production one, so that a client's redirect can be tested.
public enum VerifyReceiptEndpoint {
  /// Answers a posted body: HTTP 200 whatever the status, as Apple does. A body that is not
  /// `{"receipt-data": "…", …}` gets `{"status":21000}`; otherwise the answer is what the `verify`
  /// command prints, from the same models, as compact JSON (as Apple's hosts answer), kept while the world stands still
  /// (``VerifyReceiptAnswerCache``). The `verify-receipt` fault switches apply:
  /// `status N` answers `{"status":N}`, `rate-limit` and `error` answer as the API's do, `delay`
  /// holds the answer back.
  ///
  /// - Parameters:
  ///   - body: The request's bytes.
  ///   - face: Which host was asked.
  ///   - world: The world.
  /// The request is one step of the world (``World/step(changing:_:)``) that changes nothing.
  ///
  /// - Returns: The answer.
  public static func respond(toBody body: [UInt8], face: Verifier.Environment, in world: World) -> APIResponse
  {
    world.step(changing: false) { answer(toBody: body, face: face, in: world) }
  }

  private static func answer(toBody body: [UInt8], face: Verifier.Environment, in world: World) -> APIResponse
  {
    world.withFaults(on: ServerFault.verifyReceipt) {
      for case .status(let status) in world.serverAPI.faults(for: ServerFault.verifyReceipt) {
        return statusOnly(status)
      }
      return world.verifyReceiptAnswers.answer(
        toBody: body, face: face.rawValue, clock: world.store.clock.now.timeIntervalSince1970
      ) {
        verify(body, face: face, in: world)
      }
    }
  }

  /// Decodes the body and answers it through ``VerifyReceiptService``.
  private static func verify(_ body: [UInt8], face: Verifier.Environment, in world: World) -> APIResponse {
    let request: RequestBody
    do {
      request = try RequestBody(parsing: body)
    } catch {
      return statusOnly(21000)
    }
    do {
      let response = try VerifyReceiptService(world: world).verify(request.request(to: face))
      return .json(bytes: response.body.compactJSON())
    } catch {
      return statusOnly(21100)  // Apple's "internal data access error": the answer could not be made
    }
  }

  /// What Apple's verifyReceipt answers a request that is not a POST: HTTP 200 `{"status":21000}`
  /// ("The request to the App Store didn't use the HTTP POST request method").
  public static var notPost: APIResponse { statusOnly(21000) }

  /// `{"status":N}`, HTTP 200.
  private static func statusOnly(_ status: Int) -> APIResponse {
    .json(OrderedJSON.object([OrderedJSON.Member("status", .integer(Int64(status)))]).text)
  }
}
