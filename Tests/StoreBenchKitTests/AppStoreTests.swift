import Foundation
import StoreBenchKit
import Testing

/// `AppStore`: payments allowed, the device's verification identifier, `sync()`, and the open
/// sets `Environment` and `Platform`.
@Suite struct AppStoreTests {
  @Test func theDeviceVerificationIDIsTheDevicesAndStable() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let id = try #require(AppStore.deviceVerificationID)
      #expect(AppStore.deviceVerificationID == id)
      let other = try Fixtures.store()
      let elsewhere = await other.run { AppStore.deviceVerificationID }
      #expect(elsewhere != nil)
    }
  }

  @Test func syncKeepsTheEntitlementsAsTheyAre() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.buy("level.pack")
      await pack.finish()
      try await AppStore.sync()
      #expect(await Fixtures.collect(Transaction.currentEntitlements).map(\.id) == [pack.id])
    }
  }

  @Test func canMakePaymentsFollowsTheSwitch() async throws {
    let store = try Fixtures.store()
    await store.run {
      #expect(AppStore.canMakePayments)
      store.setCanMakePayments(false)
      #expect(!AppStore.canMakePayments)
    }
  }

  @Test func environmentsAndPlatformsAreOpenSets() {
    func label(_ environment: AppStore.Environment) -> String {
      switch environment {
      case .production: "App Store"
      case .sandbox: "Sandbox"
      case .xcode: "Xcode"
      default: "other"
      }
    }
    #expect(
      [.production, .sandbox, .xcode, .init(rawValue: "LocalTesting")].map(label) == [
        "App Store", "Sandbox", "Xcode", "other",
      ])
    #expect(
      [AppStore.Environment.production, .sandbox, .xcode].map(\.rawValue) == [
        "Production", "Sandbox", "Xcode",
      ])
    func label(_ platform: AppStore.Platform) -> String {
      switch platform {
      case .iOS: "iPhone"
      case .macOS: "Mac"
      case .tvOS: "TV"
      case .visionOS: "Vision"
      default: "other"
      }
    }
    #expect(
      [.iOS, .macOS, .tvOS, .visionOS, .init(rawValue: "watchOS")].map(label) == [
        "iPhone", "Mac", "TV", "Vision", "other",
      ])
    #expect(
      [AppStore.Platform.iOS, .macOS, .tvOS, .visionOS].map(\.rawValue) == [
        "iOS", "macOS", "tvOS", "visionOS",
      ])
  }
}
