// swift-tools-version: 6.1
import PackageDescription

// An app's own store class, written as Apple's StoreKit 2 sample code writes one, tested with
// storebench: Swift Testing over a TestStore, XCTest over SKTestSession as an Xcode team writes it,
// and end to end against `storebench serve` with a backend receiving its notifications.

/// storebench's products, by the names the sources import. storebench vends modules named StoreKit
/// and StoreKitTest only where the platform has none of its own (see its manifest); on Apple
/// platforms its modules keep their names, StoreBenchKit and StoreBenchKitTest.
func storebench(_ products: String...) -> [Target.Dependency] {
  products.map { .product(name: $0, package: "storebench") }
}

#if canImport(Darwin)
  let storeKit = storebench("StoreBenchKit")
  let storeKitTest = storebench("StoreBenchKit", "StoreBenchKitTest")
#else
  let storeKit = storebench("StoreKit")
  // StoreBenchKit too: StoreTests names TestStore by its own module.
  let storeKitTest = storebench("StoreKit", "StoreKitTest", "StoreBenchKit")
#endif

/// The sources import StoreBenchKit where `STOREBENCH` is defined and StoreKit elsewhere: that
/// import is the one StoreKit line an app build and a test build differ in. An app's own target
/// leaves the define out and gets Apple's StoreKit; this package exists to test, so it compiles the
/// class against storebench everywhere: by StoreBenchKit's name on Apple platforms (where `import
/// StoreKit` is Apple's), by StoreKit's elsewhere (where plain `import StoreKit` reaches storebench).
let storeBench: [SwiftSetting] = [
  .define("STOREBENCH", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS]))
]

let package = Package(
  name: "StoreApp",
  platforms: [.macOS(.v14)],
  products: [.library(name: "StoreApp", targets: ["StoreApp"])],
  dependencies: [.package(name: "storebench", path: "../..")],
  targets: [
    .target(name: "StoreApp", dependencies: storeKit, swiftSettings: storeBench),
    .testTarget(
      name: "StoreAppTests",
      dependencies: ["StoreApp"] + storeKitTest,
      resources: [.copy("Products.storekit")],
      swiftSettings: storeBench),
    // The app and its backend in one served world: `make end-to-end-tests` runs it, with
    // STOREBENCH_BINARY and STOREBENCH_PYTHON set (docs/your-app-your-backend.md).
    .testTarget(
      name: "EndToEndTests", dependencies: ["StoreApp"] + storebench("StoreBenchClient"),
      swiftSettings: storeBench),
  ],
  swiftLanguageModes: [.v6]
)
