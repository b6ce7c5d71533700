import Foundation
import Simulation
import Verifier

/// Reads an input as the JSON body a client posts to verifyReceipt (`RequestBody`, decoded by
/// `JSONDecoder` as a server would), then asks the sandbox and the production endpoint and writes
/// each answer's JSON. A body that decodes gets an answer with a status; nothing else may happen.
///
/// A receipt whose payload decodes is also sent signed again by the fuzzers' authority, so that
/// what the fuzzer writes in a receipt gets past the signature to the rest of the service.
public enum VerifyReceiptFuzzTarget: FuzzTarget {
  /// `VerifyReceiptFuzzer`.
  public static let name = "VerifyReceiptFuzzer"

  /// The service over the world ``FuzzScript/seedWorldScript`` makes: the script `make fuzz` also
  /// runs with storebench to export the seed receipts, so that seeds name transactions this world
  /// holds. Inputs run on one thread at a time (libFuzzer's, or the serialized replay tests').
  nonisolated(unsafe) static let service: VerifyReceiptService = {
    let (session, result) = FuzzScript.run(FuzzScript.seedWorldScript)
    precondition(
      result?.passed == true,
      "fuzz: \(FuzzScript.seedWorldPath) failed: \(result.map { "\($0.failures)" } ?? "refused")")
    return VerifyReceiptService(world: session.world)
  }()

  /// Signs as storebench does, with the fuzzers' authority.
  static let encoder = ReceiptEncoder(authority: FuzzEnvironment.authority)

  /// Decodes the input as a request body and asks both endpoints, then again with the receipt
  /// signed anew when its payload decodes.
  ///
  /// - Parameter input: The request body's bytes.
  public static func run(_ input: [UInt8]) {
    let body: RequestBody
    do {
      body = try RequestBody(parsing: input)
    } catch {
      return
    }
    answer(body)
    guard let bytes = VerifyReceiptService.receiptBytes(Array(body.receiptData.utf8)) else { return }
    do {
      let receipt = try ReceiptDecoder().decode(bytes)
      var signedAgain = body
      signedAgain.receiptData = Data(try encoder.encode(receipt)).base64EncodedString()
      answer(signedAgain)
    } catch {
      _ = String(describing: error)
    }
  }

  /// Asks both endpoints and writes their answers.
  private static func answer(_ body: RequestBody) {
    for endpoint in [Verifier.Environment.sandbox, .production] {
      do {
        _ = try service.verify(body.request(to: endpoint)).body.renderedJSON()
      } catch {
        _ = String(describing: error)
      }
    }
  }
}
