import Foundation
import FuzzTargets
import Testing

/// Every input a fuzz campaign starts from or has kept runs through its target's body here, in the
/// debug build, so that `make test` checks them without the fuzzers' sanitizer build: the seeds
/// (``FuzzSeeds``), the inputs that once crashed (`Fuzz/corpus/TARGET/`, committed) and those a
/// campaign saved (`Fuzz/crashes/TARGET/`, when there are any). An input that traps ends the test
/// process, as it ends the fuzzer. The campaigns themselves are `make fuzz` and `make fuzz-test`.
///
/// The targets share one scratch directory and the verifyReceipt target's world, so the inputs run
/// one at a time.
@Suite(.serialized) struct FuzzReplayTests {
  /// Every fuzz target, as `Fuzz/Package.swift` and the Makefile's `FUZZ_TARGETS` name them.
  static var targets: [any FuzzTarget.Type] {
    [
      ReceiptFuzzTarget.self, JWSFuzzTarget.self, ScriptFuzzTarget.self, CatalogFuzzTarget.self,
      StoreKitFuzzTarget.self, VerifyReceiptFuzzTarget.self, WorldFileFuzzTarget.self, ImportFuzzTarget.self,
      ServerBodyFuzzTarget.self,
    ]
  }

  /// The targets' names.
  static var names: [String] { targets.map { $0.name } }

  /// The folders that keep a target's inputs, under `Fuzz/`.
  static let savedInputFolders = ["corpus", "crashes"]

  @Test(arguments: names) func everySeedEndsInAValueOrAnError(target name: String) throws {
    let target = try #require(Self.targets.first { $0.name == name })
    let seeds = try #require(FuzzSeeds.all[name])
    #expect(!seeds.isEmpty, "no seeds for \(name)")
    for seed in seeds {
      target.run(seed.bytes)
    }
  }

  @Test(arguments: names) func everySavedInputEndsInAValueOrAnError(target name: String) throws {
    let target = try #require(Self.targets.first { $0.name == name })
    for folder in Self.savedInputFolders {
      for file in FuzzSeeds.contents(of: Self.fuzzFolder(folder).appendingPathComponent(name)) {
        target.run(FuzzSeeds.read(file))
      }
    }
  }

  @Test func theTargetsAreTheMakefilesAndNameTheSavedInputsFolders() throws {
    let makefile = try String(
      contentsOf: FuzzEnvironment.checkout.appendingPathComponent("Makefile"), encoding: .utf8)
    // `FUZZ_TARGETS := A B \` and its continuation lines.
    let declaration = makefile.components(separatedBy: "FUZZ_TARGETS :=").dropFirst().first ?? ""
    var listed: [String] = []
    for line in declaration.components(separatedBy: "\n") {
      listed += line.split(separator: " ").map(String.init).filter { $0 != "\\" }
      if !line.hasSuffix("\\") { break }
    }
    #expect(listed.sorted() == Self.names.sorted())
    for folder in Self.savedInputFolders {
      let named = FuzzSeeds.contents(of: Self.fuzzFolder(folder)).map(\.lastPathComponent)
      #expect(Set(named).subtracting(Self.names).sorted() == [], "Fuzz/\(folder)/ names no fuzz target")
    }
  }

  /// A folder under `Fuzz/`.
  static func fuzzFolder(_ name: String) -> URL {
    FuzzEnvironment.checkout.appendingPathComponent("Fuzz").appendingPathComponent(name)
  }
}
