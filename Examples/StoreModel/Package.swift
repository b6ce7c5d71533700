// swift-tools-version: 6.1
import PackageDescription

// An app's purchase logic behind a protocol, tested with StoreBenchKit: deterministic, on Linux or
// macOS, with no device and no Apple account.
let package = Package(
  name: "StoreModel",
  platforms: [.macOS(.v14)],
  products: [.library(name: "StoreModel", targets: ["StoreModel"])],
  dependencies: [.package(name: "storebench", path: "../..")],
  targets: [
    .target(name: "StoreModel"),
    .testTarget(
      name: "StoreModelTests",
      dependencies: ["StoreModel", .product(name: "StoreBenchKit", package: "storebench")]),
  ],
  swiftLanguageModes: [.v6]
)
