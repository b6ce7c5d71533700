// swift-tools-version: 5.4
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point to
// `<module>_main` and links `main` to it, which leaves nothing for libFuzzer's own `main` to call.
// The targets still compile in language mode 6 (`-swift-version 6` below).
import PackageDescription

// Each fuzz target is an executable with no `main` of its own: `LLVMFuzzerTestOneInput` is its
// entry, and libFuzzer (linked by `-sanitize=fuzzer`, which `make fuzz` passes) provides `main`.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library", "-swift-version", "6"])]

let package = Package(
  name: "storebench-fuzz",
  dependencies: [.package(name: "storebench", path: "..")],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "Catalog", package: "storebench"),
        .product(name: "Simulation", package: "storebench"),
        .product(name: "Verifier", package: "storebench"),
        .product(name: "Workbench", package: "storebench"),
      ],
      swiftSettings: [.unsafeFlags(["-swift-version", "6"])]),
    .executableTarget(
      name: "ReceiptFuzzer",
      dependencies: ["FuzzSupport", .product(name: "Verifier", package: "storebench")],
      swiftSettings: fuzzTarget),
    .executableTarget(
      name: "JWSFuzzer",
      dependencies: ["FuzzSupport", .product(name: "Verifier", package: "storebench")],
      swiftSettings: fuzzTarget),
    .executableTarget(name: "ScriptFuzzer", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    .executableTarget(
      name: "CatalogFuzzer", dependencies: [.product(name: "Catalog", package: "storebench")],
      swiftSettings: fuzzTarget),
    .executableTarget(
      name: "StoreKitFuzzer", dependencies: [.product(name: "Catalog", package: "storebench")],
      swiftSettings: fuzzTarget),
    .executableTarget(
      name: "WorldFileFuzzer",
      dependencies: [
        "FuzzSupport", .product(name: "Simulation", package: "storebench"),
        .product(name: "Store", package: "storebench"),
      ],
      swiftSettings: fuzzTarget),
    .executableTarget(
      name: "ImportFuzzer",
      dependencies: [
        "FuzzSupport", .product(name: "Catalog", package: "storebench"),
        .product(name: "Simulation", package: "storebench"), .product(name: "Store", package: "storebench"),
        .product(name: "Workbench", package: "storebench"),
      ],
      swiftSettings: fuzzTarget),
    .executableTarget(
      name: "VerifyReceiptFuzzer",
      dependencies: [
        "FuzzSupport",
        .product(name: "Simulation", package: "storebench"),
        .product(name: "Verifier", package: "storebench"),
      ],
      swiftSettings: fuzzTarget),
  ]
)
