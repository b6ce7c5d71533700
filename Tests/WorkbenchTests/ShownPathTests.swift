import Foundation
import Testing

@testable import Workbench

/// Messages about files name them where they resolve: a script in `srv/` that writes
/// `receipt.b64` says `srv/receipt.b64`, the file the user will look for.
@Suite struct ShownPathTests {
  /// A session reading and writing beside a script in `ROOT/srv`, showing paths from `ROOT`.
  private func session(in root: URL) throws -> (Session, Transcript) {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
    session.baseDirectory = root.appendingPathComponent("srv").path
    session.shownFrom = root.path
    return (session, transcript)
  }

  @Test func everyMessageAboutAFileNamesItWhereItResolves() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("shown-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let (session, transcript) = try session(in: root)
    let lines = [
      "buy pro.monthly", "receipt export receipt.b64 --base64", "jws last --export t.jws",
      "save w.json", "load w.json", "export script customer.storebench", "catalog export c.storekit",
      "api-key create --key-id K1", "ca export root.pem", "tamper t.jws", "record r.storebench",
      "record stop",
    ]
    for line in lines {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
    let text = transcript.text
    for expected in [
      "receipt written to srv/receipt.b64 (", "JWS written to srv/t.jws (", "world saved to srv/w.json",
      "world loaded from srv/w.json:",
      "script written to srv/customer.storebench, catalog to srv/customer.catalog.json",
      "catalog written to srv/c.storekit (", "private key written to srv/AuthKey_K1.p8",
      "root certificate written to srv/root.pem (", "of srv/t.jws", "recording to srv/r.storebench",
      "in srv/r.storebench",
    ] {
      #expect(text.contains(expected), "\(expected)")
    }
    #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("srv/receipt.b64").path))
  }

  @Test func anErrorAboutAFileNamesItWhereItResolves() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("shown-\(UUID())")
    let (session, _) = try session(in: root)
    #expect(
      Interpreter.run(line: "load missing.json", in: session)
        == .failed("srv/missing.json: cannot read the file (No such file or directory)", code: .file)
    )
    #expect(
      Interpreter.run(line: "import receipt missing.b64", in: session)
        == .failed("srv/missing.b64: cannot read the file (No such file or directory)", code: .file))
  }

  @Test func aPathOutsideTheShownDirectoryIsShownFromIt() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("shown-\(UUID())")
    let (session, _) = try session(in: root)
    #expect(session.shown("/elsewhere/x.json") == "/elsewhere/x.json")
    #expect(session.shown("../x.json") == "x.json")
    #expect(session.shown("../../x.json") == "../x.json")
    #expect(session.shown(".") == "srv")
    #expect(session.shown("a/./b.json") == "srv/a/b.json")
  }
}
