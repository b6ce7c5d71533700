import Foundation
import Testing

/// The modules named `StoreKit` and `StoreKitTest` exist only where the platform has no StoreKit of
/// its own: on Apple platforms they would clash with the system's. The manifest decides it from
/// `STOREBENCH_PLATFORM` when set, so both answers are checked here, on any machine.
@Suite struct PlatformModulesTests {
  private static let shims = ["StoreKit", "StoreKitTest", "StoreKitModuleTests"]

  @Test func elsewhereTheStoreKitModulesReExportStoreBenchKit() throws {
    let manifest = try PackageManifest.load(platform: "other")
    let targets = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0) })
    #expect(Set(Self.shims).isSubset(of: manifest.targetNames))
    #expect(targets["StoreKit"]?.targetDependencies == ["StoreBenchKit"])
    #expect(targets["StoreKitTest"]?.targetDependencies == ["StoreBenchKitTest"])
  }

  @Test func onApplePlatformsTheSystemsStoreKitIsLeftAlone() throws {
    let manifest = try PackageManifest.load(platform: "apple")
    #expect(manifest.targetNames.isDisjoint(with: Self.shims))
    #expect(manifest.targetNames.isSuperset(of: ["StoreBenchKit", "StoreBenchKitTest"]))
  }
}
