import Foundation
import Store
import Testing

@testable import Simulation

/// A world's identity: seed 0 gives the ids scripts have always had, any other seed a place of its
/// own in Apple's sandbox range and a UUID stream of its own, the same for the same seed.
@Suite struct WorldIdentityTests {
  /// A generator whose numbers repeat from run to run (SplitMix64).
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      defer { state &+= 0x9e37_79b9_7f4a_7c15 }
      return ServerNotifications.mix(state)
    }
  }

  /// A UUID as RFC 4122 writes a random one (version 4, variant 10), lowercase as Apple's
  /// `notificationUUID`s are.
  static func isVersion4UUID(_ text: String) -> Bool {
    text.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil
  }

  /// Sixteen digits beginning `2000000`, as Apple's sandbox transaction ids look (2000000847061981).
  static func isSandboxShaped(_ number: UInt64) -> Bool {
    let text = String(number)
    return text.count == 16 && text.hasPrefix("2000000")
  }

  @Test func theScriptedIdentityGivesTheIdsScriptsHaveAlwaysHad() {
    let identity = WorldIdentity.scripted
    #expect(identity.seed == 0 && identity.isScripted)
    #expect(identity.firstTransactionNumber == 2_000_000_000_000_001)
    #expect(identity.firstWebOrderLineItemNumber == 2_000_000_500_000_001)
    // scripts/notifications-refund-requests.expected: the seventh notification, `notify TEST`.
    #expect(identity.notificationUUID(7) == "63cbe1e4-5932-4dd7-88fc-a0195de67e12")
  }

  @Test func theSameSeedGivesTheSameIdsAndAnotherSeedOthers() {
    let first = WorldIdentity(seed: 8412)
    let again = WorldIdentity(seed: 8412)
    let other = WorldIdentity(seed: 8413)
    #expect(first.firstTransactionNumber == again.firstTransactionNumber)
    #expect(first.firstWebOrderLineItemNumber == again.firstWebOrderLineItemNumber)
    #expect((1...5).map(first.notificationUUID) == (1...5).map(again.notificationUUID))
    #expect(first.firstTransactionNumber != other.firstTransactionNumber)
    #expect(first.notificationUUID(1) != other.notificationUUID(1))
    #expect(first.notificationUUID(1) != WorldIdentity.scripted.notificationUUID(1))
  }

  @Test func freshIdentitiesFromOneGeneratorDifferAndRepeatWithIt() {
    var generator = SeededGenerator(state: 1)
    let identities = (0..<100).map { _ in WorldIdentity.fresh(using: &generator) }
    #expect(Set(identities.map(\.firstTransactionNumber)).count == 100)
    #expect(Set(identities.map { $0.notificationUUID(1) }).count == 100)
    #expect(identities.allSatisfy { !$0.isScripted && $0.seed <= 999_999_999_999 })
    var again = SeededGenerator(state: 1)
    #expect((0..<100).map { _ in WorldIdentity.fresh(using: &again) } == identities)
  }

  @Test(arguments: [0, 1, 2, 8412, 999_999_999_999, UInt64.max - 1, UInt64.max])
  func everySeedsIdsAreAppleShaped(_ seed: UInt64) {
    let identity = WorldIdentity(seed: seed)
    #expect(Self.isSandboxShaped(identity.firstTransactionNumber))
    #expect(Self.isSandboxShaped(identity.firstWebOrderLineItemNumber))
    // Ten million ids of each kind before a counter leaves its half of the range.
    #expect(identity.firstTransactionNumber + 10_000_000 < identity.firstWebOrderLineItemNumber)
    #expect(Self.isSandboxShaped(identity.firstWebOrderLineItemNumber + 10_000_000))
    for number: UInt64 in [1, 2, 1000, UInt64.max] {
      #expect(Self.isVersion4UUID(identity.notificationUUID(number)), "\(identity.notificationUUID(number))")
    }
  }

  @Test func aWorldStartsItsCountersWhereItsIdentitySays() throws {
    let identity = WorldIdentity(seed: 77)
    let world = World(
      catalog: try World.onDefaultCatalog().store.catalog, log: EventLog(),
      authorityDirectory: testAuthorityDirectory, identity: identity)
    #expect(world.identity == identity)
    #expect(world.store.nextTransactionNumber == identity.firstTransactionNumber)
    #expect(world.store.nextWebOrderLineItemNumber == identity.firstWebOrderLineItemNumber)
    #expect(world.nextNotificationUUID == identity.notificationUUID(1))
    let transaction = try world.buy("coins.100")
    #expect(transaction.transactionIdentifier == String(identity.firstTransactionNumber))
    #expect(world.store.account(named: "default")?.appTransactionNumber == identity.firstAppTransactionNumber)
  }

  @Test func theAppTransactionIdIsTheScriptsOneForSeedZeroAndTheSeedsOtherwise() {
    #expect(WorldIdentity.scripted.firstAppTransactionNumber == 705_000_000_000_000_001)
    let first = WorldIdentity(seed: 8412).firstAppTransactionNumber
    #expect(first != WorldIdentity.scripted.firstAppTransactionNumber)
    #expect(first != WorldIdentity(seed: 8413).firstAppTransactionNumber)
    #expect(String(first).count == 18)
  }
}
