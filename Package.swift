// swift-tools-version: 6.1
import PackageDescription

/// Whether the platform has Apple's StoreKit and StoreKitTest. Where it has not, two modules of those
/// names re-export StoreBenchKit and StoreBenchKitTest, so that an app's StoreKit code compiles
/// unchanged; on Apple platforms they would clash with the system's. `STOREBENCH_PLATFORM=apple`
/// or `=other` decides it instead of the host (RepositoryTests reads the manifest both ways).
let hasSystemStoreKit: Bool = {
  switch Context.environment["STOREBENCH_PLATFORM"] {
  case "apple": return true
  case "other": return false
  default:
    #if canImport(Darwin)
      return true
    #else
      return false
    #endif
  }
}()

// Products of the package dependencies, named as the sources import them.
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let cryptoExtras = Target.Dependency.product(name: "_CryptoExtras", package: "swift-crypto")
let x509 = Target.Dependency.product(name: "X509", package: "swift-certificates")
let swiftASN1 = Target.Dependency.product(name: "SwiftASN1", package: "swift-asn1")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let httpTypes = Target.Dependency.product(name: "HTTPTypes", package: "swift-http-types")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let mustache = Target.Dependency.product(name: "Mustache", package: "swift-mustache")

/// The modules named `StoreKit` and `StoreKitTest`, with code written for Apple's StoreKit as their
/// test, where the platform has no StoreKit of its own.
let storeKitModules: (products: [Product], targets: [Target]) =
  hasSystemStoreKit
  ? ([], [])
  : (
    [
      .library(name: "StoreKit", targets: ["StoreKit"]),
      .library(name: "StoreKitTest", targets: ["StoreKitTest"]),
    ],
    [
      .target(name: "StoreKit", dependencies: ["StoreBenchKit"]),
      .target(name: "StoreKitTest", dependencies: ["StoreBenchKitTest"]),
      .testTarget(
        name: "StoreKitModuleTests", dependencies: ["StoreKit", "StoreKitTest"], exclude: ["Fixtures"]),
    ]
  )

let package = Package(
  name: "storebench",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "storebench", targets: ["storebench"]),
    // What the fuzz targets in Fuzz/ run (the replay tests run it here).
    .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    // StoreKit 2's API over an in-process world, for an app's own code and tests (Examples/StoreApp).
    .library(name: "StoreBenchKit", targets: ["StoreBenchKit"]),
    // StoreKit 2's API connected to a world `storebench serve` serves, for an app's debug build.
    .library(name: "StoreBenchClient", targets: ["StoreBenchClient"]),
    // StoreKitTest's SKTestSession over the same world.
    .library(name: "StoreBenchKitTest", targets: ["StoreBenchKitTest"]),
  ] + storeKitModules.products,
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/apple/swift-certificates", .upToNextMinor(from: "1.21.1")),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
  ],
  targets: [
    .target(name: "Catalog", dependencies: ["JSON", "SystemIO", "Vocabulary"]),
    .target(name: "CivilCalendar"),
    .target(name: "JSON"),
    .target(name: "SystemIO"),
    .target(name: "Vocabulary"),
    .target(name: "Store", dependencies: ["Catalog", "CivilCalendar", "Vocabulary"]),
    .target(name: "Queue", dependencies: ["Catalog", "Store", "Vocabulary"]),
    .target(name: "Observer", dependencies: ["Catalog", "Store", "Queue", "Vocabulary"]),
    .target(
      name: "Verifier",
      dependencies: [
        "CivilCalendar", "JSON", "SystemIO", "Vocabulary", crypto, cryptoExtras, x509, swiftASN1,
      ]),
    .target(
      name: "Simulation",
      dependencies: [
        "Catalog", "CivilCalendar", "JSON", "Store", "Queue", "Observer", "Verifier", "Vocabulary", crypto,
        x509,
        swiftASN1,
      ]),
    .target(name: "Timeline", dependencies: ["CivilCalendar", "Catalog", "Store", "Simulation"]),
    // StoreKit 2's API and the client that connects it to `storebench serve`: only what an iOS app
    // can link (RepositoryTests checks it).
    .target(name: "StoreBenchClient", dependencies: ["Verifier", "Vocabulary", crypto, x509]),
    .target(
      name: "StoreBenchKit",
      dependencies: [
        "Catalog", "Queue", "Simulation", "Store", "StoreBenchClient", "Verifier", "Vocabulary", crypto,
      ]),
    .target(
      name: "StoreBenchKitTest", dependencies: ["StoreBenchKit"]),
    .target(
      name: "Server",
      dependencies: [
        "Catalog", "JSON", "Queue", "Simulation", "Store", "Timeline", "Verifier", "Vocabulary", crypto,
        hummingbird,
        httpTypes,
        serviceLifecycle, asyncHTTPClient, nioCore, nioHTTP1, nioPosix, logging, mustache,
      ],
      resources: [.copy("Resources/Page")]),
    .target(
      name: "Workbench",
      dependencies: [
        "Catalog", "JSON", "Store", "Queue", "Observer", "Verifier", "Simulation", "StoreBenchKit",
        "SystemIO",
        "Timeline", "Vocabulary", argumentParser, crypto, x509, swiftASN1,
      ],
      resources: [.copy("Resources/default-catalog.json")]
    ),
    .target(
      name: "Benchmarks",
      dependencies: ["Catalog", "Store", "Queue", "Verifier", "Simulation", "Workbench", "Server", crypto]),
    // Each fuzz target's body, shared by the libFuzzer executables in Fuzz/ and FuzzReplayTests.
    .target(name: "FuzzTargets", dependencies: ["Catalog", "Store", "Verifier", "Simulation", "Workbench"]),
    // The SIGINT handler and its one atomic flag, in C (a handler may touch nothing else).
    .target(name: "CInterrupts"),
    .systemLibrary(
      name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
    .executableTarget(
      name: "storebench",
      dependencies: [
        "Workbench", "Benchmarks", "JSON", "Simulation", "Server", "Store", "SystemIO", "Vocabulary",
        "CInterrupts", "CLibEdit",
        argumentParser, serviceLifecycle, logging,
      ]),
    // Writes one file with SystemIO's StagedFile, for SystemIOTests to kill at each step.
    .executableTarget(name: "StagedWrite", dependencies: ["SystemIO"]),
    .testTarget(name: "SystemIOTests", dependencies: ["SystemIO"]),
    .testTarget(
      name: "CatalogTests", dependencies: ["Catalog", "JSON", "Vocabulary"], exclude: ["Fixtures"]),
    .testTarget(name: "CivilCalendarTests", dependencies: ["CivilCalendar"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON"]),
    .testTarget(name: "StoreBenchClientTests", dependencies: ["StoreBenchClient", "Verifier", crypto]),
    .testTarget(name: "StoreBenchKitTests", dependencies: ["StoreBenchKit", "StoreBenchKitTest", crypto]),
    .testTarget(name: "TimelineTests", dependencies: ["Timeline", "Workbench", "Store"]),
    .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary"]),
    .testTarget(name: "StoreTests", dependencies: ["Store", "Catalog", "Vocabulary"]),
    .testTarget(name: "QueueTests", dependencies: ["Queue", "Store", "Catalog", "Vocabulary"]),
    .testTarget(name: "ObserverTests", dependencies: ["Observer", "Queue", "Store", "Catalog"]),
    .testTarget(name: "VerifierTests", dependencies: ["Verifier", "Vocabulary", crypto, x509, swiftASN1]),
    .testTarget(
      name: "SimulationTests",
      dependencies: [
        "Simulation", "Catalog", "Store", "Queue", "Observer", "Verifier", "Vocabulary", crypto, x509,
        swiftASN1,
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "WorkbenchTests",
      dependencies: [
        "Workbench", "Catalog", "JSON", "Store", "Queue", "Simulation", "SystemIO", "Vocabulary", "Observer",
      ]),
    .testTarget(
      name: "ServerTests",
      dependencies: [
        "Server", "Simulation", "Catalog", "Store", "Queue", "Verifier", "Vocabulary", crypto, hummingbird,
        hummingbirdTesting,
        httpTypes, logging, nioCore, nioPosix,
      ]),
    .testTarget(
      name: "FuzzReplayTests", dependencies: ["FuzzTargets", "Simulation", "Workbench"]),
    // Runs the built `storebench` binary (.build/debug/storebench), so it links no libedit itself.
    .testTarget(
      name: "StorebenchCLITests", dependencies: ["Workbench", "StoreBenchClient", asyncHTTPClient]),
    // Checks the repository itself (the manifest against the sources); it imports no target.
    .testTarget(name: "RepositoryTests"),
  ] + storeKitModules.targets,
  swiftLanguageModes: [.v6]
)
