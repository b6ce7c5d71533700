import Testing
import Vocabulary

@Suite struct ProductTypeTests {
  @Test func eachTypeHasTheCatalogWordApplesNameAndTheReceiptCode() {
    let table = ProductType.allCases.map { ($0.rawValue, $0.appStoreName, $0.receiptCode) }
    #expect(table.map(\.0) == ["consumable", "non-consumable", "auto-renewable", "non-renewing"])
    #expect(
      table.map(\.1) == [
        "Consumable", "Non-Consumable", "Auto-Renewable Subscription", "Non-Renewing Subscription",
      ])
    #expect(table.map(\.2) == [1, 0, 3, 2])
  }

  @Test func applesNameAndTheReceiptCodeReadBackAsTheType() {
    for type in ProductType.allCases {
      #expect(ProductType(appStoreName: type.appStoreName) == type)
      #expect(ProductType(receiptCode: type.receiptCode) == type)
    }
  }

  @Test func namesAndCodesAppleDoesNotDefineAreNoType() {
    #expect(ProductType(appStoreName: "consumable") == nil)
    #expect(ProductType(appStoreName: "Non-Renewable Subscription") == nil)
    #expect(ProductType(receiptCode: 4) == nil)
    #expect(ProductType(receiptCode: -1) == nil)
  }

  @Test func onlyNonConsumablesAndAutoRenewablesAreRestored() {
    #expect(ProductType.allCases.filter(\.isRestorable) == [.nonConsumable, .autoRenewable])
  }
}
