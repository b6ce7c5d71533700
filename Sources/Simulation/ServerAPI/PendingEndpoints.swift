import Foundation
import Verifier

// TEMPORARY: stand-ins for the two answers other branches of issue 12 write, so that the server
// builds on its own. The integrator deletes this file at merge.

/// The App Store Server API's answers (stand-in: every path is unknown).
public enum AppStoreServerAPI {
  /// Answers a request whose token has been checked.
  ///
  /// - Parameters:
  ///   - request: The request, as the edge decoded it.
  ///   - world: The world, between two commands.
  /// - Returns: Apple's answer.
  public static func respond(to request: APIRequest, in world: World) -> APIResponse {
    .error(.notFound)
  }
}

/// verifyReceipt over HTTP (stand-in: decodes the body and asks ``VerifyReceiptService``).
public enum VerifyReceiptEndpoint {
  /// Answers a body posted to `/verifyReceipt` (`.production`) or `/sandbox/verifyReceipt`.
  ///
  /// - Parameters:
  ///   - body: The posted bytes.
  ///   - face: Which endpoint was asked.
  ///   - world: The world, between two commands.
  /// - Returns: Apple's answer: 21000 for a body that is not a request.
  public static func respond(toBody body: [UInt8], face: Verifier.Environment, in world: World) -> APIResponse
  {
    let decoded: RequestBody
    do {
      decoded = try JSONDecoder().decode(RequestBody.self, from: Data(body))
    } catch {
      return status(21000, face)
    }
    do {
      let answer = try world.withOneAuthority {
        try VerifyReceiptService(world: world).verify(decoded.request(to: face))
      }
      return .json(try answer.body.renderedJSON())
    } catch {
      return status(21005, face)
    }
  }

  private static func status(_ code: Int, _ face: Verifier.Environment) -> APIResponse {
    let body = ResponseBody(
      environment: face.rawValue, isRetryable: false, isRetryableUnderscored: false, status: code)
    do {
      return .json(try body.renderedJSON())
    } catch {
      return .json("{\"status\":\(code)}")
    }
  }
}
