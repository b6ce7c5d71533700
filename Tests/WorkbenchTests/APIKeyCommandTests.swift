import Foundation
import Testing

@testable import Workbench

/// `api-key create` writes the private key as only its owner may read it, as App Store Connect's
/// download is meant to be kept, and registers the public half.
@Suite struct APIKeyCommandTests {
  @Test func thePrivateKeyFileIsReadableByItsOwnerOnly() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-key-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    session.baseDirectory = directory.path
    #expect(Interpreter.run(line: "api-key create", in: session) == .succeeded)
    let file = directory.appendingPathComponent("AuthKey_SB00000001.p8").path
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))
    #expect(session.world.apiKeys.key(id: "SB00000001") != nil)
  }

  @Test func tokenSignsWithTheKeyCreateWroteWhereverItsOutPutIt() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-key-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
    session.baseDirectory = directory.path
    #expect(Interpreter.run(line: "api-key create --out keys/server.p8", in: session) == .succeeded)
    #expect(Interpreter.run(line: "api-key token", in: session) == .succeeded)
    #expect(transcript.lines.last?.split(separator: ".").count == 3)
    // Another session did not write it: the default file name is looked for, and its absence said.
    let other = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    other.baseDirectory = directory.path
    other.world.apiKeys = session.world.apiKeys
    #expect(Interpreter.run(line: "api-key token", in: other) != .succeeded)
    #expect(Interpreter.run(line: "api-key token --key keys/server.p8", in: other) == .succeeded)
    #expect(Interpreter.run(line: "api-key create --key-id OTHER00001", in: session) == .succeeded)
    #expect(
      Interpreter.run(line: "api-key token --key-id OTHER00001 --key keys/server.p8", in: session)
        == .failed(
          "\(session.shown("keys/server.p8")) holds another key than api key OTHER00001", code: .conflict
        ))
  }
}
