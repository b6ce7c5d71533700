import Foundation
import Queue
import Store
import Testing

@testable import Simulation

/// Deleting an account signs out the devices signed in to it: nothing more is charged to it, the
/// receipt the device holds stays (verifyReceipt answers 21010), and other devices are untouched.
@Suite struct AccountDeletionTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  @Test func theDevicesSignedInAreSignedOutAndOthersAreNot() throws {
    try world.store.addAccount(named: "other")
    try world.addDevice(named: "iPad")
    try world.useDevice(named: "iPad")
    world.device.queue.signIn(try #require(world.store.account(named: "other")))
    try world.addDevice(named: "Mac")  // signed in to the current device's account, other

    let signedOut = try world.deleteAccount(named: "default")

    #expect(signedOut.map(\.name) == ["iPhone"])
    #expect(world.devices.map { $0.queue.account?.name } == [nil, "other", "other"])
    #expect(world.store.account(named: "default") == nil)
  }

  @Test func aSignedOutDeviceCannotPayAndKeepsItsReceipt() throws {
    _ = try world.buy("level.pack")
    let receipt = try #require(world.device.receipt)
    try world.deleteAccount(named: "default")

    #expect(throws: QueueError(.notAllowed, "no account is signed in on iPhone")) {
      try world.device.queue.add(Payment(productId: "coins.100"))
    }
    #expect(world.device.receipt?.account === receipt.account)
    world.refreshReceipt(of: world.device)
    #expect(world.device.receipt?.stamp == receipt.stamp, "no account: Apple writes no new receipt")
    #expect(throws: SimulationError(.notAllowed, "no account is signed in on iPhone")) {
      try world.latestSignedReceipt(for: world.device)
    }
  }

  @Test func aPaymentWaitingForAParentFailsOnceItsAccountIsGone() throws {
    world.store.isAskToBuyOn = true
    let transaction = try world.buy("level.pack")
    #expect(transaction.state == .deferred)
    try world.deleteAccount(named: "default")

    try world.device.queue.approve(transaction)
    world.settle()

    #expect(transaction.state == .failed)
    #expect(transaction.error == .paymentNotAllowed)
  }

  @Test func anUnknownAccountIsAnError() {
    #expect(throws: SimulationError(.notFound, "no account named nobody")) {
      try world.deleteAccount(named: "nobody")
    }
    #expect(world.device.queue.account?.name == "default")
  }
}
