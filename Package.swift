// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "storebench",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "storebench", targets: ["storebench"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/apple/swift-certificates", .upToNextMinor(from: "1.21.1")),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
  ],
  targets: [
    .target(name: "Catalog"),
    .target(name: "CivilCalendar"),
    .target(name: "Store", dependencies: ["Catalog", "CivilCalendar"]),
    .target(name: "Queue", dependencies: ["Catalog", "Store"]),
    .target(name: "Observer", dependencies: ["Catalog", "Store", "Queue"]),
    .target(
      name: "Verifier",
      dependencies: [
        "CivilCalendar",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
      ]
    ),
    .target(name: "Simulation", dependencies: ["Catalog", "Store", "Queue", "Observer", "Verifier"]),
    .target(
      name: "Workbench",
      dependencies: [
        "Catalog", "Store", "Queue", "Observer", "Verifier", "Simulation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      resources: [.copy("Resources/default-catalog.json")]
    ),
    .target(
      name: "Benchmarks",
      dependencies: [
        "Catalog", "Store", "Verifier", "Simulation", "Workbench",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .systemLibrary(
      name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
    .executableTarget(
      name: "storebench",
      dependencies: [
        "Workbench", "Benchmarks", "Simulation", "CLibEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
    .testTarget(name: "CivilCalendarTests", dependencies: ["CivilCalendar"]),
    .testTarget(name: "StoreTests", dependencies: ["Store", "Catalog"]),
    .testTarget(name: "QueueTests", dependencies: ["Queue", "Store", "Catalog"]),
    .testTarget(name: "ObserverTests", dependencies: ["Observer", "Queue", "Store", "Catalog"]),
    .testTarget(name: "VerifierTests", dependencies: ["Verifier"]),
    .testTarget(
      name: "SimulationTests", dependencies: ["Simulation", "Catalog", "Store", "Queue", "Verifier"]),
    .testTarget(name: "WorkbenchTests", dependencies: ["Workbench"]),
    // Runs the built `storebench` binary (.build/debug/storebench), so it links no libedit itself.
    .testTarget(name: "StorebenchCLITests", dependencies: ["Workbench"]),
  ],
  swiftLanguageModes: [.v6]
)
