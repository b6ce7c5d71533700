import Testing
import Vocabulary

@Suite struct ExpirationIntentTests {
  @Test func theNumbersAreApples() {
    #expect(ExpirationIntent.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
    #expect(ExpirationIntent(rawValue: 3) == .customerDidNotConsentToPriceIncrease)
    #expect(ExpirationIntent(rawValue: 4) == .productNotAvailable)
    #expect(ExpirationIntent(rawValue: 0) == nil)
    #expect(ExpirationIntent(rawValue: 6) == nil)
  }

  @Test func eachReadsAsItsNumberAndWords() {
    #expect(
      ExpirationIntent.allCases.map(\.description) == [
        "1 (customer cancelled)", "2 (billing error)", "3 (price increase declined)",
        "4 (product unavailable)",
        "5 (other)",
      ])
  }
}
