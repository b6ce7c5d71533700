import Foundation
import FuzzTargets
import Simulation
import Workbench

/// The seeds `Fuzz/run.sh` starts each campaign from, made here in the test's process: the files
/// `Fuzz/Seeds/world.storebench` exports (receipts, JWS, the saved world) and what is made of them
/// (verifyReceipt bodies, the import target's inputs), the scripts in `scripts/` and the catalogs in
/// `catalog/`.
enum FuzzSeeds {
  /// One input, named for messages.
  struct Input {
    /// Where the input came from.
    var name: String
    /// Its bytes.
    var bytes: [UInt8]
  }

  /// The seeds of every target, by the target's name.
  static let all: [String: [Input]] = {
    let world = worldExports()
    let receipts = world.exports.filter { $0.name.hasSuffix(".der") }
    let tokens = world.exports.filter { $0.name.hasSuffix(".jws") }
    return [
      ReceiptFuzzTarget.name: receipts,
      JWSFuzzTarget.name: tokens,
      ScriptFuzzTarget.name: scripts(),
      CatalogFuzzTarget.name: files(in: "catalog", withExtension: "json"),
      StoreKitFuzzTarget.name: files(in: "catalog", withExtension: "storekit"),
      VerifyReceiptFuzzTarget.name: world.exports.filter { $0.name.hasSuffix(".b64") }.map(requestBody),
      WorldFileFuzzTarget.name: world.exports.filter { $0.name.hasSuffix(".world.json") },
      ImportFuzzTarget.name: receipts.map { prefixed($0, by: ImportFuzzTarget.receiptReader) }
        + tokens.map { prefixed($0, by: ImportFuzzTarget.signedDataReader) }
        + [prefixed(world.answer, by: ImportFuzzTarget.verifyResponseReader)],
      ServerBodyFuzzTarget.name: serverBodies(),
    ]
  }()

  /// Runs `Fuzz/Seeds/world.storebench` in the fuzz targets' scratch directory and reads what it
  /// wrote to `out/`, and verifyReceipt's answer for its last receipt, as
  /// `storebench --state final.world.json verify --json --password shared-secret` gives it.
  private static func worldExports() -> (exports: [Input], answer: Input) {
    let (session, result) = FuzzScript.run(FuzzScript.seedWorldScript)
    precondition(result?.passed == true, "\(FuzzScript.seedWorldPath) failed: \(String(describing: result))")
    let out = FuzzEnvironment.scratchDirectory.appendingPathComponent("out")
    let exports = contents(of: out).map { file in
      Input(name: file.lastPathComponent, bytes: read(file))
    }
    let answer: [UInt8]
    do {
      let world = session.world
      let response = try VerifyReceiptService(world: world).verify(
        .init(
          receiptData: try world.signedReceipt(of: world.device), password: "shared-secret",
          endpoint: world.environment, excludeOldTransactions: false))
      answer = Array(try response.body.renderedJSON().utf8)
    } catch {
      preconditionFailure("verifyReceipt's answer for \(FuzzScript.seedWorldPath): \(error)")
    }
    return (exports, Input(name: "answer.json", bytes: answer))
  }

  /// The scripts in `scripts/` and the seed world's script, their `../catalog/` read as `catalog/`
  /// (the script target keeps copies of the catalogs there).
  private static func scripts() -> [Input] {
    let scripts =
      files(in: "scripts", withExtension: "storebench") + [
        Input(name: "world.storebench", bytes: Array(FuzzScript.seedWorldScript.utf8))
      ]
    return scripts.map { script in
      let text = String(decoding: script.bytes, as: UTF8.self)
      return Input(
        name: script.name, bytes: Array(text.replacingOccurrences(of: "../catalog/", with: "catalog/").utf8))
    }
  }

  /// The verifyReceipt body a client posts for a base64 receipt.
  private static func requestBody(_ receipt: Input) -> Input {
    let base64 = String(decoding: receipt.bytes, as: UTF8.self).filter { $0 != "\n" }
    let body = """
      {"receipt-data": "\(base64)", "password": "shared-secret", "exclude-old-transactions": true}

      """
    return Input(name: receipt.name, bytes: Array(body.utf8))
  }

  /// An import input: the byte choosing the reader, then the data.
  /// The server-body fuzzer's committed seeds (`Fuzz/Seeds/ServerBodyFuzzer/`): a form byte, then
  /// the body.
  private static func serverBodies() -> [Input] {
    contents(of: FuzzEnvironment.checkout.appendingPathComponent("Fuzz/Seeds/ServerBodyFuzzer")).map { file in
      Input(name: file.lastPathComponent, bytes: read(file))
    }
  }

  private static func prefixed(_ input: Input, by reader: UInt8) -> Input {
    Input(name: input.name, bytes: [reader] + input.bytes)
  }

  /// The files of a checkout's folder with an extension.
  private static func files(in folder: String, withExtension pathExtension: String) -> [Input] {
    contents(of: FuzzEnvironment.checkout.appendingPathComponent(folder))
      .filter { $0.pathExtension == pathExtension }
      .map { Input(name: "\(folder)/\($0.lastPathComponent)", bytes: read($0)) }
  }

  /// The files of a folder, by name; none when it does not exist.
  static func contents(of folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }

  /// A file's bytes.
  static func read(_ file: URL) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: file.path) else {
      preconditionFailure("cannot read \(file.path)")
    }
    return Array(data)
  }
}
