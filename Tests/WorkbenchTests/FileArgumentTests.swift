import Foundation
import SystemIO
import Testing

@testable import Workbench

/// Every file a command names is read by one bounded reader: what is not a regular file is refused
/// before a byte is read, and a file over its format's limit by its size. Reading `/dev/zero` up to
/// a limit would take seconds (a gigabyte for a saved world); these tests would then be slow, or
/// hang, rather than fail on a time.
@Suite struct FileArgumentTests {
  /// A session in the directory, with an API key registered (`api-key token` needs one).
  private func session(in directory: URL) throws -> Session {
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default",
      output: .collecting(into: Transcript()),
      caDirectory: directory.appendingPathComponent("ca"))
    session.baseDirectory = directory.path
    #expect(Interpreter.run(line: "api-key create --out key.p8", in: session) == .succeeded)
    return session
  }

  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("file-arguments-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(arguments: [
    "verify --file /dev/zero", "verify --jws /dev/zero", "tamper /dev/zero", "load /dev/zero",
    "import receipt /dev/zero", "import jws /dev/zero", "import verify-response /dev/zero",
    "import receipt x.b64 --trust /dev/zero", "offer-key import /dev/zero --key-id K1",
    "api-key token --key /dev/zero", "catalog load /dev/zero",
  ])
  func aCharacterDeviceIsRefusedAtOnce(line: String) throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    FileManager.default.createFile(
      atPath: folder.appendingPathComponent("x.b64").path, contents: Data("MA==".utf8))
    let outcome = Interpreter.run(line: line, in: try session(in: folder))
    let message = try #require(outcome.message, "\(line) ran")
    #expect(message.contains("/dev/zero"), "\(line): \(message)")
    #expect(message.contains("is a character device, not a regular file"), "\(line): \(message)")
  }

  @Test func aScriptThatIsADeviceIsRefusedAtOnce() {
    #expect(
      throws: WorkbenchError(
        .file, "/dev/zero: cannot read the script: is a character device, not a regular file")
    ) {
      try Script(path: "/dev/zero")
    }
  }

  /// Sparse files as large as each limit and one byte more: the larger is refused by its size (no
  /// byte of it read), naming the limit.
  @Test(arguments: [
    ("verify --jws big", FileFormat.jws, "larger than 1 MiB (1048576 bytes), the limit for a JWS"),
    ("verify --file big", .receipt, "larger than 64 MiB (67108864 bytes), the limit for a receipt"),
    ("tamper big", .tampered, "larger than 64 MiB (67108864 bytes), the limit for a file to tamper with"),
    ("import jws big", .serverData, "larger than 64 MiB (67108864 bytes), the limit for server data"),
    ("api-key token --key big", .key, "larger than 1 MiB (1048576 bytes), the limit for a key"),
    ("load big", .savedWorld, "larger than 1 GiB (1073741824 bytes), the limit for a saved world"),
  ])
  func aFileOverItsFormatsLimitIsRefusedNamingIt(line: String, format: FileFormat, reason: String) throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big").path
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, off_t(format.limit + 1)) == 0)
    let message = Interpreter.run(line: line, in: try session(in: folder)).message ?? "(it ran)"
    #expect(message.hasSuffix("/big: cannot read the file (\(reason))"), "\(message)")
  }

  @Test func aFileOfTheLimitItselfIsRead() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big").path
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, off_t(FileFormat.jws.limit)) == 0)
    #expect(try FileReader.read(big, as: .jws).count == FileFormat.jws.limit)
  }

  @Test func everyLimitIsStatedOnceWithItsNoun() {
    #expect(
      FileFormat.catalog.tooLargeReason == "larger than 16 MiB (16777216 bytes), the limit for a catalog")
    #expect(FileFormat.script.tooLargeReason == "larger than 64 MiB (67108864 bytes), the limit for a script")
    for format in FileFormat.allCases {
      #expect(format.limit > 0 && format.limit <= 1 << 30, "\(format)")
    }
  }
}
