import Foundation
import StoreBenchKit
import Testing

/// `AppTransaction`: the app's own signed download record.
@Suite struct AppTransactionTests {
  @Test func theAppTransactionSaysWhoGotTheAppAndWhen() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      guard case .verified(let app) = try await AppTransaction.shared else {
        Issue.record("the app transaction does not verify")
        return
      }
      #expect(app.bundleID == "com.example.storebench")
      #expect(app.appVersion == "1.0")
      #expect(app.appID == nil, "the sandbox has no app id")
      #expect(app.appVersionID == nil)
      #expect(app.environment == .sandbox)
      #expect(!app.originalAppVersion.isEmpty)
      #expect(app.originalPurchaseDate <= Fixtures.start)
      #expect(app.originalPlatform == .iOS)
      #expect(app.preorderDate == nil)
      #expect(app.deviceVerification.count == 48)
      #expect(app.signedDate == Fixtures.start)
      #expect(!app.appTransactionID.isEmpty)
      let json = try #require(
        try JSONSerialization.jsonObject(with: app.jsonRepresentation) as? [String: Any])
      #expect(json["bundleId"] as? String == "com.example.storebench")
      #expect(app.debugDescription == String(decoding: app.jsonRepresentation, as: UTF8.self))
    }
  }

  @Test func refreshGivesTheSameAppTransaction() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let shared = try await AppTransaction.shared
      let refreshed = try await AppTransaction.refresh()
      #expect(refreshed == shared)
      #expect(Set([refreshed.unsafePayloadValue, shared.unsafePayloadValue]).count == 1)
      try store.advanceClock(by: "1d")
      let later = try await AppTransaction.refresh().unsafePayloadValue
      #expect(later.signedDate == Fixtures.date(Fixtures.start, plus: DateComponents(day: 1)))
      #expect(later.appTransactionID == shared.unsafePayloadValue.appTransactionID)
      #expect(later != shared.unsafePayloadValue, "signed at another date")
    }
  }

  @Test func everyTransactionCarriesTheAppTransactionsID() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = try await AppTransaction.shared.payloadValue
      #expect(try await Fixtures.buy("level.pack").appTransactionID == app.appTransactionID)
    }
  }

  @available(*, deprecated, message: "reads originalPlatformStringRepresentation, deprecated in iOS 18.4")
  @Test func theDeprecatedPlatformStringIsThePlatformsRawValue() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = try await AppTransaction.shared.unsafePayloadValue
      #expect(app.originalPlatformStringRepresentation == "iOS")
    }
  }
}
