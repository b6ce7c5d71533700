// swift-tools-version: 6.1
import PackageDescription

// Products of the package dependencies, named as the sources import them.
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let cryptoExtras = Target.Dependency.product(name: "_CryptoExtras", package: "swift-crypto")
let x509 = Target.Dependency.product(name: "X509", package: "swift-certificates")
let swiftASN1 = Target.Dependency.product(name: "SwiftASN1", package: "swift-asn1")

let package = Package(
  name: "storebench",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "storebench", targets: ["storebench"]),
    // The libraries the fuzz targets in Fuzz/ use; building them here costs nothing extra.
    .library(name: "Catalog", targets: ["Catalog"]),
    .library(name: "Store", targets: ["Store"]),
    .library(name: "Verifier", targets: ["Verifier"]),
    .library(name: "Simulation", targets: ["Simulation"]),
    .library(name: "Workbench", targets: ["Workbench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/apple/swift-certificates", .upToNextMinor(from: "1.21.1")),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
  ],
  targets: [
    .target(name: "Catalog", dependencies: ["SystemIO"]),
    .target(name: "CivilCalendar"),
    .target(name: "SystemIO"),
    .target(name: "Store", dependencies: ["Catalog", "CivilCalendar"]),
    .target(name: "Queue", dependencies: ["Catalog", "Store"]),
    .target(name: "Observer", dependencies: ["Catalog", "Store", "Queue"]),
    .target(
      name: "Verifier", dependencies: ["CivilCalendar", "SystemIO", crypto, cryptoExtras, x509, swiftASN1]),
    .target(
      name: "Simulation",
      dependencies: ["Catalog", "CivilCalendar", "Store", "Queue", "Observer", "Verifier"]),
    .target(
      name: "Workbench",
      dependencies: [
        "Catalog", "Store", "Queue", "Observer", "Verifier", "Simulation", "SystemIO", argumentParser,
      ],
      resources: [.copy("Resources/default-catalog.json")]
    ),
    .target(
      name: "Benchmarks", dependencies: ["Catalog", "Store", "Verifier", "Simulation", "Workbench", crypto]),
    .systemLibrary(
      name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
    .executableTarget(
      name: "storebench",
      dependencies: [
        "Workbench", "Benchmarks", "Simulation", "Store", "SystemIO", "CLibEdit", argumentParser,
      ]),
    .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
    .testTarget(name: "CivilCalendarTests", dependencies: ["CivilCalendar"]),
    .testTarget(name: "StoreTests", dependencies: ["Store", "Catalog"]),
    .testTarget(name: "QueueTests", dependencies: ["Queue", "Store", "Catalog"]),
    .testTarget(name: "ObserverTests", dependencies: ["Observer", "Queue", "Store", "Catalog"]),
    .testTarget(name: "VerifierTests", dependencies: ["Verifier", crypto, x509, swiftASN1]),
    .testTarget(
      name: "SimulationTests", dependencies: ["Simulation", "Catalog", "Store", "Queue", "Verifier"]),
    .testTarget(name: "WorkbenchTests", dependencies: ["Workbench", "Catalog"]),
    // Runs the built `storebench` binary (.build/debug/storebench), so it links no libedit itself.
    .testTarget(name: "StorebenchCLITests", dependencies: ["Workbench"]),
  ],
  swiftLanguageModes: [.v6]
)
