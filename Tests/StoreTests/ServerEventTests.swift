import Testing
import Vocabulary

@testable import Store

@Suite struct ServerEventTests {
  @Test func everyExpirationIntentHasAnExpiredSubtypeOfApplesTable() {
    let intents: [ExpirationIntent] = [
      .customerCancelled, .billingError, .customerDidNotConsentToPriceIncrease, .productNotAvailable, .other,
    ]
    let subtypes: [ServerEvent.Subtype] = [
      .voluntary, .billingRetry, .priceIncrease, .productNotForSale, .voluntary,
    ]
    #expect(intents.map(\.notificationSubtype) == subtypes)
    #expect(intents.allSatisfy { ServerEvent.Kind.expired.admits($0.notificationSubtype) })
  }

  @Test func theTableHasEveryPairAndNoOther() {
    let pairs = ServerEvent.Kind.allCases.flatMap { kind in kind.subtypes.map { (kind, $0) } }
    #expect(pairs.count == 37)
    #expect(ServerEvent.Kind.rescindConsent.admits(nil) && ServerEvent.Kind.priceChange.admits(nil))
    #expect(ServerEvent.Kind.test.admits(nil))
    #expect(!ServerEvent.Kind.expired.admits(nil))
    #expect(!ServerEvent.Kind.subscribed.admits(.upgrade))
    #expect(ServerEvent.Kind.offerRedeemed.admits(.downgrade))
    let used = Set(pairs.compactMap(\.1))
    #expect(used == Set(ServerEvent.Subtype.allCases))
  }
}
