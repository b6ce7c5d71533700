import Foundation
import Testing

@testable import StoreBenchClient

/// The source of StoreKit's endless sequences: order, holding for the first listener,
/// cancellation, and knowing when every listener is quiet.
@Suite struct BroadcastTests {
  private func broadcast() -> (Broadcast<Int>, Settler) {
    let settler = Settler()
    let broadcast = Broadcast<Int>(name: "numbers", holds: true, settler: settler)
    settler.watch { broadcast.isQuiet }
    return (broadcast, settler)
  }

  @Test func whatIsPublishedWithNoListenerWaitsForTheFirstOneOnly() async {
    let (broadcast, _) = broadcast()
    broadcast.publish(1)
    broadcast.publish(2)
    #expect(broadcast.activity.held == 2)
    let first = broadcast.subscribe()
    let second = broadcast.subscribe()
    broadcast.publish(3)
    #expect(await first.next() == 1)
    #expect(await first.next() == 2)
    #expect(await first.next() == 3)
    #expect(await second.next() == 3)
  }

  @Test func aListenerIsQuietOnlyWhileItWaitsWithNothingLeft() async {
    let (broadcast, settler) = broadcast()
    #expect(broadcast.isQuiet, "no listener, nothing held")
    let listener = broadcast.subscribe()
    #expect(!broadcast.isQuiet, "it has not asked for its first element yet")
    let taken = Task { await listener.next() }
    #expect(await settler.waitUntilQuiet(limit: .seconds(60)))
    broadcast.publish(7)
    #expect(await taken.value == 7)
    #expect(!broadcast.isQuiet, "it holds 7 and has not asked for the next")
    let next = Task { await listener.next() }
    #expect(await settler.waitUntilQuiet(limit: .seconds(60)))
    next.cancel()
    #expect(await next.value == nil, "a cancelled wait ends the sequence")
  }

  @Test func waitingEndsAfterTheLimitWhenNothingListens() async {
    let (broadcast, settler) = broadcast()
    broadcast.publish(1)
    let clock = ContinuousClock()
    let start = clock.now
    #expect(!(await settler.waitUntilQuiet(limit: .milliseconds(50))))
    #expect(clock.now - start >= .milliseconds(50))
  }

  @Test func aSequenceThatDoesNotHoldDropsWhatNobodyHears() async {
    let settler = Settler()
    let broadcast = Broadcast<Int>(name: "statuses", holds: false, settler: settler)
    settler.watch { broadcast.isQuiet }
    broadcast.publish(1)
    #expect(broadcast.activity.held == 0)
    #expect(await settler.waitUntilQuiet(limit: .seconds(60)))
    let listener = broadcast.subscribe()
    broadcast.publish(2)
    #expect(await listener.next() == 2)
  }

  @Test func aListenerThatGoesAwayStopsCounting() async {
    let (broadcast, _) = broadcast()
    var listener: Broadcast<Int>.Subscription? = broadcast.subscribe()
    #expect(broadcast.activity.busy == 1)
    _ = listener
    listener = nil
    #expect(broadcast.activity.busy == 0)
    broadcast.publish(1)
    #expect(broadcast.activity.held == 1, "with no listener left, it waits for the next one")
  }
}
