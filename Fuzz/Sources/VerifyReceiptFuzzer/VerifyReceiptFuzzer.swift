import Foundation
import FuzzSupport
import Simulation
import Verifier

/// The service over the world `Fuzz/Seeds/world.storebench` makes: the script `make fuzz` also runs
/// with storebench to export the seed receipts, so that seeds name transactions this world holds.
/// libFuzzer calls the target from one thread only.
nonisolated(unsafe) private let service: VerifyReceiptService = {
  let path = FuzzEnvironment.checkout.appendingPathComponent("Fuzz/Seeds/world.storebench").path
  guard let text = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) })
  else { fatalError("fuzz: cannot read \(path)") }
  let (session, result) = FuzzScript.run(text)
  precondition(
    result?.passed == true, "fuzz: \(path) failed: \(result.map { "\($0.failures)" } ?? "refused")")
  return VerifyReceiptService(world: session.world)
}()

/// Signs as storebench does, with the fuzzers' authority.
private let encoder = ReceiptEncoder(authority: FuzzEnvironment.authority)

/// Reads an input as the JSON body a client posts to verifyReceipt (`RequestBody`, decoded by
/// `JSONDecoder` as a server would), then asks the sandbox and the production endpoint and writes
/// each answer's JSON. A body that decodes gets an answer with a status; nothing else may happen.
///
/// A receipt whose payload decodes is also sent signed again by the fuzzers' authority, so that
/// what the fuzzer writes in a receipt gets past the signature to the rest of the service.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVerifyReceipt(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let body: RequestBody
  do {
    body = try JSONDecoder().decode(RequestBody.self, from: Data(FuzzEnvironment.bytes(data, size)))
  } catch {
    return 0
  }
  answer(body)
  guard let bytes = VerifyReceiptService.receiptBytes(Array(body.receiptData.utf8)) else { return 0 }
  do {
    let receipt = try ReceiptDecoder().decode(bytes)
    var signedAgain = body
    signedAgain.receiptData = Data(try encoder.encode(receipt)).base64EncodedString()
    answer(signedAgain)
  } catch {
    _ = String(describing: error)
  }
  return 0
}

/// Asks both endpoints and writes their answers.
private func answer(_ body: RequestBody) {
  for endpoint in [Verifier.Environment.sandbox, .production] {
    do {
      _ = try service.verify(body.request(to: endpoint)).body.renderedJSON()
    } catch {
      _ = String(describing: error)
    }
  }
}
