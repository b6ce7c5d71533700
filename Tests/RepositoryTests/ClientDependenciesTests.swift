import Foundation
import Testing

/// StoreBenchClient goes into an app's debug build, for the iOS simulator or a device: it may
/// depend, directly or through the package's own targets, on nothing an iOS app cannot link:
/// Apple's swift-crypto, swift-certificates and swift-asn1 and pure Swift targets of this package,
/// not the world (Simulation and what only it needs), the server (Hummingbird, NIO), the prompt
/// (libedit) or any C target.
@Suite struct ClientDependenciesTests {
  /// The products an iOS app can link, by the names the manifest gives them.
  static let linkableProducts: Set<String> = ["Crypto", "_CryptoExtras", "X509", "SwiftASN1"]
  /// The package's targets that hold the world, the faces or C: none may be under the client.
  static let worldTargets: Set<String> = [
    "Simulation", "Server", "Workbench", "StoreBenchKit", "StoreBenchKitTest", "Timeline", "Benchmarks",
    "FuzzTargets", "storebench", "Store", "Queue", "Observer", "Catalog", "CLibEdit", "CInterrupts",
  ]

  @Test(arguments: ["apple", "other"])
  func theClientDependsOnlyOnWhatAnIOSAppLinks(platform: String) throws {
    let manifest = try PackageManifest.load(platform: platform)
    let byName = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0) })
    var closure: Set<String> = []
    var pending = ["StoreBenchClient"]
    while let name = pending.popLast() {
      guard closure.insert(name).inserted else { continue }
      let target = try #require(byName[name], "\(name) is declared")
      pending += target.targetDependencies
    }
    #expect(closure.contains("Verifier"), "the closure was read: \(closure.sorted())")
    #expect(
      closure.isDisjoint(with: Self.worldTargets),
      "under StoreBenchClient: \(closure.intersection(Self.worldTargets).sorted())")
    for name in closure {
      let target = try #require(byName[name])
      #expect(
        target.type == "regular", "\(name) is a \(target.type) target; the client needs Swift targets only")
      let products = target.productDependencies.subtracting(Self.linkableProducts)
      #expect(products.isEmpty, "\(name), under StoreBenchClient, depends on \(products.sorted())")
    }
  }
}
