import Foundation
import Queue
import Testing

@testable import Simulation

/// Every change of the world goes through one step: one authority, settling, and a change noted
/// only when the step may change something.
@Suite struct WorldStepTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
  }

  /// Posts the device's receipt to verifyReceipt, which keeps the answer while the world stands still.
  private func keepAVerifyReceiptAnswer() throws {
    let receipt = Data(try world.signedReceipt(of: world.device)).base64EncodedString()
    _ = VerifyReceiptEndpoint.respond(
      toBody: Array(#"{"receipt-data":"\#(receipt)"}"#.utf8), face: .sandbox, in: world)
    #expect(world.verifyReceiptAnswers.count == 1)
  }

  @Test func aReadOnlyStepNotesNoChange() throws {
    try keepAVerifyReceiptAnswer()
    world.step(changing: false) { _ = world.device.storage.unlocked }
    #expect(world.verifyReceiptAnswers.count == 1, "a read-only step leaves what a still world kept")
    _ = world.call("GET", "/inApps/v1/transactions/2000000000000001")
    #expect(world.verifyReceiptAnswers.count == 1, "a GET is read-only")
    world.step(changing: true) {}
    #expect(world.verifyReceiptAnswers.count == 0, "a changing step notes the change")
  }

  @Test func aChangingRequestNotesTheChange() throws {
    try keepAVerifyReceiptAnswer()
    _ = world.call("PUT", "/inApps/v1/subscriptions/extend/2000000000000001", body: "{}")
    #expect(world.verifyReceiptAnswers.count == 0)
  }

  @Test func aStepSettlesAfterItsBody() throws {
    world.step(changing: true) {
      _ = try? world.device.queue.add(Payment(productId: "coins.100"))
      #expect(world.device.storage.balances["coins.100"] == nil, "the app has not heard it yet")
    }
    #expect(world.device.storage.balances["coins.100"] == 1, "the step let the app's run loop turn")
  }

  @Test func aFailingStepSettlesAndNotesItsChangeAllTheSame() throws {
    try keepAVerifyReceiptAnswer()
    #expect(throws: StepFailure.self) {
      try world.step(changing: true) {
        _ = try world.device.queue.add(Payment(productId: "coins.100"))
        throw StepFailure()
      }
    }
    #expect(world.device.storage.balances["coins.100"] == 1)
    #expect(world.verifyReceiptAnswers.count == 0)
  }

  @Test func aStepKeepsOneAuthorityFromStartToEnd() throws {
    try world.step(changing: false) {
      #expect(world.authorityKeeper.keepsOne)
      _ = try world.authority()
      #expect(world.authorityKeeper.inUse != nil)
    }
    #expect(!world.authorityKeeper.keepsOne && world.authorityKeeper.inUse == nil)
  }
}

private struct StepFailure: Error {}
