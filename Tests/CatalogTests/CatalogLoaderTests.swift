import Foundation
import Testing
import Vocabulary

@testable import Catalog

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()

private func sample(_ name: String) -> String { repository.appendingPathComponent("catalog/\(name)").path }

/// Parses a catalog whose one product has `product` as its JSON members.
private func catalogError(product: String, extra: String = "") -> String {
  let text = """
    {"bundleId": "com.example.x", \(extra) "products": [
      {"id": "a", "type": "consumable", "localizations": {"en_US": {"title": "A"}}, "price": "1.00"},
      {"id": "b", "type": "consumable", "localizations": {"en_US": {"title": "B"}}, "price": "1.00"},
      {\(product)}
    ]}
    """
  do {
    _ = try CatalogLoader.parse(Array(text.utf8))
    return "no error"
  } catch {
    return error.description
  }
}

@Suite struct CatalogLoaderTests {
  @Test func aDirectoryADeviceAndAMissingFileGetPlainMessages() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = directory.appendingPathComponent("empty.json").path
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    for (path, message) in [
      (directory.path, "\(directory.path): is a directory"),
      (empty, "\(empty): empty file, not a catalog"),
      ("/dev/null", "/dev/null: is a character device, not a regular file"),
      ("/dev/zero", "/dev/zero: is a character device, not a regular file"),
      (
        directory.appendingPathComponent("none.json").path,
        "\(directory.path)/none.json: cannot read the file (No such file or directory)"
      ),
    ] {
      do {
        _ = try CatalogLoader.load(path: path)
        Issue.record("\(path) loaded")
      } catch {
        #expect(error.description == message)
      }
    }
  }

  @Test func aDocumentMayHave16MiBAndNoMore() throws {
    let document = #"{"bundleId": "com.example.x", "products": []}"#
    let limit = CatalogLoader.maximumBytes
    let padded =
      Array(document.utf8) + Array(repeating: UInt8(ascii: " "), count: limit - document.utf8.count)
    #expect(try CatalogLoader.parse(padded).bundleId == "com.example.x")
    #expect(
      throws: CatalogError(
        location: "", reason: "larger than 16 MiB (16777216 bytes), the limit for a catalog")
    ) {
      try CatalogLoader.parse(padded + [UInt8(ascii: " ")])
    }
  }

  @Test func invalidUTF8IsRejectedNotRepaired() {
    let bytes = Array(#"{"bundleId": "com.exa"#.utf8) + [0xFE] + Array(#"mple", "products": []}"#.utf8)
    #expect(throws: syntaxError(1, 22, "invalid UTF-8 at byte offset 21")) {
      try CatalogLoader.parse(bytes)
    }
  }

  @Test func soccerCatalogHasItsThreeProductsInTwoLanguages() throws {
    let catalog = try CatalogLoader.load(path: sample("soccer.json"))
    #expect(catalog.bundleId == "com.example.kctest")
    #expect(catalog.products.map(\.id) == ["ProtectiveGloves", "GoldenGlobe", "EnergyBottle"])
    #expect(catalog.product("ProtectiveGloves")?.text(for: "zh_CN").title == "强力手套")
    #expect(catalog.product("GoldenGlobe")?.text(for: "zh_CN").title == "金球")
    #expect(catalog.product("EnergyBottle")?.text(for: "zh_CN").title == "能量瓶")
    #expect(catalog.product("EnergyBottle")?.text(for: "en_US").title == "Energy Bottle")
    #expect(catalog.product("EnergyBottle")?.type == .consumable)
    #expect(catalog.product("GoldenGlobe")?.type == .nonConsumable)
  }

  @Test func selfiesCatalogRanksAllAccessAboveOneAWeek() throws {
    let catalog = try CatalogLoader.load(path: sample("selfies.json"))
    let allAccess = try #require(catalog.product("com.example.selfies.sub.allaccess.monthly")?.subscription)
    let oneAWeek = try #require(catalog.product("com.example.selfies.sub.oneaweek")?.subscription)
    #expect(allAccess.level < oneAWeek.level)
    #expect(allAccess.period == SubscriptionPeriod(value: 1, unit: .month))
    #expect(allAccess.introductoryOffer?.mode == .freeTrial)
    #expect(allAccess.introductoryOffer?.period == SubscriptionPeriod(value: 1, unit: .week))
    #expect(catalog.products(inGroup: "Selfies").count == 4)
    #expect(catalog.product("com.example.selfies.sub.allaccess")?.basePrice == Decimal(string: "1.99"))
  }

  @Test func defaultCatalogHasEveryTypeAndOneProductNotForSale() throws {
    let catalog = try CatalogLoader.load(path: sample("default.json"))
    #expect(Set(catalog.products.map(\.type)) == Set(ProductType.allCases))
    #expect(catalog.products.contains { !$0.isClearedForSale })
  }

  @Test func aPriceThatIsNotADecimalIsReportedWithItsPath() {
    #expect(
      catalogError(
        product:
          #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "abc""#)
        == #"products[2].price: "abc" is not a decimal"#)
  }

  @Test func theFileNameLeadsTheMessage() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).json")
    try Data(#"{"bundleId": "x", "products": [{"id": "a", "type": "gadget"}]}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(throws: CatalogError.self) { try CatalogLoader.load(path: file.path) }
    do {
      _ = try CatalogLoader.load(path: file.path)
    } catch {
      #expect(error.description.hasPrefix("\(file.path): products[0].type: unknown product type \"gadget\""))
    }
  }

  @Test(arguments: [
    (
      #""id": "a", "type": "consumable", "localizations": {"en_US": {"title": "A"}}, "price": "1.00""#,
      "products[2]: duplicate product id \"a\" (first defined at products[0])"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1.00", "subscription": {"group": "G", "level": 1, "period": "P5W"}"#,
      "products[2].subscription.period: \"P5W\" is not a subscription duration (expected one of: P1W, P1M, P2M, P3M, P6M, P1Y)"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1.00", "subscription": {"group": "G", "level": 1, "period": "1 month"}"#,
      "products[2].subscription.period: \"1 month\" is not an ISO 8601 period such as P1W, P1M or P1Y"
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1.00", "prise": "2""#,
      "products[2].prise: unknown key (expected one of: id, type, referenceName, localizations, price, prices, clearedForSale, familyShareable, subscription, period, hostedContent, codeOffers)"
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "codeOffers": [{"referenceName": "Free", "price": "0", "customCodes": [{"code": "spring promo"}]}]"#,
      #"products[2].codeOffers[0].customCodes[0].code: "spring promo" is not a custom code (1 to 64 letters and digits, upper case)"#
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "codeOffers": [{"referenceName": "Free", "price": "0", "customCodes": [{"code": "FREE", "expires": "soon"}]}]"#,
      #"products[2].codeOffers[0].customCodes[0].expires: "soon" is not a date such as 2027-01-31 or 2027-01-31T12:00:00Z"#
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "codeOffers": [{"referenceName": "Free", "type": "free-trial", "price": "0"}]"#,
      "products[2].codeOffers[0].type: unknown key (expected one of: referenceName, price, storefronts, customCodes)"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1M"}, "codeOffers": [{"referenceName": "W", "type": "free-trial", "period": "P1M", "eligibility": ["lapsed"]}]"#,
      #"products[2].codeOffers[0].eligibility[0]: unknown eligibility "lapsed" (expected new, existing or expired)"#
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1M"}, "codeOffers": [{"referenceName": "W", "type": "one-time", "period": "P1M", "price": "1"}]"#,
      #"products[2].codeOffers[0].type: unknown offer type "one-time" (expected one of: free-trial, pay-as-you-go, pay-up-front)"#
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "codeOffers": [{"referenceName": "Free", "price": "0", "storefronts": ["ATL"]}]"#,
      #"products[2].codeOffers[0].storefronts[0]: unknown storefront "ATL" (declare it under storefronts)"#
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}"#,
      "products[2].price: missing"
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": 0.99"#,
      "products[2].price: expected a decimal string such as \"0.99\", found 0.99"
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"english": {"title": "C"}}, "price": "1""#,
      "products[2].localizations.english: \"english\" is not a locale identifier such as en_US"
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "prices": {"ATL": "2"}"#,
      "products[2].prices.ATL: unknown storefront \"ATL\" (declare it under storefronts)"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 0, "period": "P1M"}"#,
      "products[2].subscription.level: 0 is out of range (1 to 100)"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1M", "introductoryOffer": {"type": "free-trial", "period": "P1W", "price": "1"}}"#,
      "products[2].subscription.introductoryOffer.price: a free trial has no price"
    ),
    (
      #""id": "c", "type": "consumable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "period": "P1M""#,
      "products[2].period: a consumable product has no period"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1M", "billingPlans": [{"type": "monthly", "price": "1", "commitmentPrice": "12"}]}"#,
      "products[2].subscription.billingPlans[0].type: a monthly billing plan needs a period of several months (this subscription renews every P1M)"
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1Y", "billingPlans": [{"type": "weekly", "price": "1", "commitmentPrice": "52"}]}"#,
      #"products[2].subscription.billingPlans[0].type: unknown billing plan type "weekly" (expected monthly or billed-up-front)"#
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1Y", "billingPlans": [{"type": "monthly", "price": "1", "commitmentPrice": "12"}, {"type": "monthly", "price": "2", "commitmentPrice": "24"}]}"#,
      #"products[2].subscription.billingPlans[1].type: duplicate billing plan type "monthly""#
    ),
    (
      #""id": "c", "type": "auto-renewable", "localizations": {"en_US": {"title": "C"}}, "price": "1", "subscription": {"group": "G", "level": 1, "period": "P1Y", "billingPlans": [{"type": "monthly", "price": "1"}]}"#,
      "products[2].subscription.billingPlans[0].commitmentPrice: missing"
    ),
  ])
  func brokenProductsAreRejectedWithTheirPath(product: String, message: String) {
    #expect(catalogError(product: product) == message)
  }

  @Test func aSyntaxErrorGivesLineAndColumn() {
    let text = "{\n  \"bundleId\": \"x\",\n  \"products\": [,]\n}"
    #expect(throws: syntaxError(3, 16, "unexpected character ','")) {
      try CatalogLoader.parse(Array(text.utf8))
    }
  }

  @Test func aMissingFileSaysSo() {
    do {
      _ = try CatalogLoader.load(path: "/nonexistent/catalog.json")
      Issue.record("loaded a missing file")
    } catch {
      #expect(error.description.hasPrefix("/nonexistent/catalog.json: cannot read the file"))
    }
  }

  /// The error a syntax error at a line and column gives.
  private func syntaxError(_ line: Int, _ column: Int, _ reason: String) -> CatalogError {
    var error = CatalogError(location: "line \(line), column \(column)", reason: reason)
    error.position = TextPosition(line: line, column: column)
    return error
  }
}
