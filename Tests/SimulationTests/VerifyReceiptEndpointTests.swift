import Foundation
import Testing
import Verifier

@testable import Simulation

@Suite struct VerifyReceiptEndpointTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  private func post(_ body: String, face: Verifier.Environment = .sandbox) -> APIResponse {
    VerifyReceiptEndpoint.respond(toBody: Array(body.utf8), face: face, in: world)
  }

  private func receiptBody(password: String? = nil) throws -> String {
    let receipt = Data(try world.signedReceipt(of: world.device)).base64EncodedString()
    let secret = password.map { #","password":"\#($0)""# } ?? ""
    return #"{"receipt-data":"\#(receipt)"\#(secret),"exclude-old-transactions":false}"#
  }

  private func status(_ response: APIResponse) throws -> Int {
    #expect(response.status == 200)
    #expect(response.headers.first { $0.name == "Content-Type" }?.value == "application/json")
    return try JSONDecoder().decode(ResponseBody.self, from: Data(response.body)).status
  }

  @Test func theAnswerIsWhatTheVerifyCommandPrintsCompact() throws {
    _ = try world.buy("pro.monthly")
    let response = post(try receiptBody())
    #expect(try status(response) == 0)
    let direct = try VerifyReceiptService(world: world).verify(
      .init(
        receiptData: Array(Data(try world.signedReceipt(of: world.device)).base64EncodedString().utf8),
        password: nil, endpoint: .sandbox, excludeOldTransactions: false))
    #expect(String(decoding: response.body, as: UTF8.self) == (try direct.body.renderedJSON(isCompact: true)))
    #expect(!response.body.contains(UInt8(ascii: "\n")))
  }

  @Test func aMalformedBodyIs21000WithHTTP200() throws {
    _ = try world.buy("level.pack")
    for body in [
      "", "{", "[]", "{}", #"{"receipt-data":5}"#, #"{"password":"x"}"#, "null",
      #"{"receipt-data":"x","exclude-old-transactions":"yes"}"#,
    ] {
      let response = post(body)
      #expect(
        response.status == 200 && String(decoding: response.body, as: UTF8.self) == #"{"status":21000}"#,
        "\(body)")
    }
    #expect(try status(post(#"{"receipt-data":"!!!"}"#)) == 21002)
  }

  @Test func eachFaceRedirectsTheOthersReceipts() throws {
    _ = try world.buy("level.pack")
    let sandboxReceipt = try receiptBody()
    #expect(try status(post(sandboxReceipt, face: .production)) == 21007)
    #expect(try status(post(sandboxReceipt, face: .sandbox)) == 0)
    world.environment = .production
    world.refreshReceipt(of: world.device)
    let productionReceipt = try receiptBody()
    #expect(try status(post(productionReceipt, face: .sandbox)) == 21008)
    #expect(try status(post(productionReceipt, face: .production)) == 0)
  }

  @Test func theSharedSecretIsChecked() throws {
    _ = try world.buy("pro.monthly")
    world.sharedSecret = "s3cret"
    #expect(try status(post(try receiptBody(password: "wrong"))) == 21004)
    #expect(try status(post(try receiptBody(password: "s3cret"))) == 0)
  }
}
