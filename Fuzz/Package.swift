// swift-tools-version: 5.4
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point to
// `<module>_main` and links `main` to it, which leaves nothing for libFuzzer's own `main` to call.
// The targets still compile in language mode 6 (`-swift-version 6` below).
import PackageDescription

// Each fuzz target is an executable with no `main` of its own: `LLVMFuzzerTestOneInput` is its
// entry, and libFuzzer (linked by `-sanitize=fuzzer`, which `make fuzz` passes) provides `main`.
// What an input goes to is the main package's `FuzzTargets` library, which the replay tests
// (Tests/FuzzReplayTests) run too.
let fuzzTargets = Target.Dependency.product(name: "FuzzTargets", package: "storebench")
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library", "-swift-version", "6"])]

let package = Package(
  name: "storebench-fuzz",
  dependencies: [.package(name: "storebench", path: "..")],
  targets: [
    .executableTarget(name: "ReceiptFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "JWSFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "ScriptFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "CatalogFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "StoreKitFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "WorldFileFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "ImportFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "VerifyReceiptFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
    .executableTarget(name: "ServerBodyFuzzer", dependencies: [fuzzTargets], swiftSettings: fuzzTarget),
  ]
)
