import Foundation
import Testing
import Verifier

@testable import Simulation

@Suite struct AuthorityLocatorTests {
  let now = Date(timeIntervalSince1970: 1_767_225_600)

  /// A directory of its own: `PARENT/ca` in a new parent.
  func newDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("storebench-locator-\(UUID().uuidString)")
      .appendingPathComponent("ca")
  }

  @Test func anAuthorityAnotherProcessRotatedIsNotServedFromTheCache() throws {
    let directory = newDirectory()
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let first = try AuthorityLocator.open(directory, now: now)
    #expect(try AuthorityLocator.open(directory, now: now).root == first.root)
    // What another process's `ca rotate` does: the directory changes behind this process's cache.
    let rotated = try AuthorityDirectory(directory).rotate(now: now)
    #expect(try AuthorityLocator.open(directory, now: now).root == rotated.root)
  }

  @Test func aBrokenAuthorityIsReportedWithTheCommandThatRepairsIt() throws {
    let directory = newDirectory()
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: directory.appendingPathComponent("root.pem"))
    let error = #expect(throws: SimulationError.self) { try AuthorityLocator.open(directory, now: now) }
    #expect(error?.description.contains("incomplete-authority") == true)
    #expect(
      error?.description.hasSuffix(
        "`ca rotate` replaces it with a new authority (from a shell: printf 'ca rotate\\n' | storebench --ca-dir '\(directory.path)')"
      ) == true)
    _ = try AuthorityLocator.rotate(directory, now: now)
    #expect(try AuthorityLocator.open(directory, now: now).summary.certificates.count == 4)
  }
}
