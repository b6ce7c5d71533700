import Foundation
import Testing

@testable import Verifier

/// What a crash leaves in an authority's directory, at each step of this version's write sequence
/// and of older versions' (which replaced files one by one), and how the next open puts it right.
/// The built binary is killed at every step in `StorebenchCLITests`; these build each state by hand.
@Suite struct AuthorityDirectoryTests {
  let fixture = Fixtures.authority

  /// A new parent directory holding a copy of the shared authority as `ca`.
  func copyOfTheAuthority() throws -> AuthorityDirectory {
    let directory = Fixtures.temporaryDirectory("parent").appendingPathComponent("ca")
    try FileManager.default.copyItem(at: fixture.directory, to: directory)
    return AuthorityDirectory(directory)
  }

  /// The names in the directory's parent other than the lock.
  func besideIt(_ place: AuthorityDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: place.url.deletingLastPathComponent().path)
      .filter { $0 != ".ca.lock" }.sorted()
  }

  func contents(_ place: AuthorityDirectory) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: place.url.path))
  }

  func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  @Test func aRotationStoppedBetweenItsRenamesIsUndone() throws {
    let place = try copyOfTheAuthority()
    try FileManager.default.moveItem(at: place.url, to: place.sibling(".ca.old-x1"))
    try write("half", to: place.sibling(".ca.tmp-AbCdEf").appendingPathComponent("root.pem"))
    let opened = try place.open(now: Fixtures.now)
    #expect(opened.root == fixture.root)
    #expect(try besideIt(place) == ["ca"])
    #expect(try contents(place) == Set(CertificateAuthority.fileNames))
  }

  @Test func leftoverDirectoriesBesideACompleteAuthorityAreRemoved() throws {
    let place = try copyOfTheAuthority()
    try write("half", to: place.sibling(".ca.tmp-AbCdEf").appendingPathComponent("root.pem"))
    try FileManager.default.copyItem(at: place.url, to: place.sibling(".ca.old-x2"))
    #expect(try place.open(now: Fixtures.now).root == fixture.root)
    #expect(try besideIt(place) == ["ca"])
  }

  @Test func aCachedAuthorityIsServedUntilTheDirectoryChanges() throws {
    let place = try copyOfTheAuthority()
    let first = try place.open(now: Fixtures.now)
    try write("damaged", to: place.url.appendingPathComponent("jws-signing-key.pem"))
    #expect(try place.open(now: Fixtures.now, reusing: first).root == fixture.root, "keys not read again")
    #expect(throws: CertificateAuthorityError.self) { try place.open(now: Fixtures.now) }
    let rotated = try AuthorityDirectory(place.url).rotate(now: Fixtures.now)
    let reopened = try place.open(now: Fixtures.now, reusing: first)
    #expect(reopened.root == rotated.root)
    #expect(reopened.root != fixture.root)
    try FileManager.default.removeItem(at: place.url)
    #expect(try place.open(now: Fixtures.now, reusing: rotated).root != rotated.root, "created anew")
  }

  @Test func anOlderVersionsTemporariesBesideACompleteAuthorityAreRemoved() throws {
    let place = try copyOfTheAuthority()
    try write("partial", to: place.url.appendingPathComponent(".root.pem.tmp-1234"))
    #expect(try place.open(now: Fixtures.now).root == fixture.root)
    #expect(try contents(place) == Set(CertificateAuthority.fileNames))
  }

  @Test func anOlderVersionsInterruptedCreationIsReplaced() throws {
    let place = try copyOfTheAuthority()
    for name in CertificateAuthority.fileNames.dropFirst(3) {
      try FileManager.default.moveItem(
        at: place.url.appendingPathComponent(name), to: place.url.appendingPathComponent(".\(name).tmp-77"))
    }
    let opened = try place.open(now: Fixtures.now)
    #expect(opened.root != fixture.root)
    #expect(try contents(place) == Set(CertificateAuthority.fileNames))
    #expect(try CertificateAuthority.loadOrCreate(at: place.url, now: Fixtures.now).root == opened.root)
  }

  @Test func anOlderVersionsInterruptedRotationIsReplaced() throws {
    let place = try copyOfTheAuthority()
    for name in ["root.pem", "root-key.pem"] {
      try FileManager.default.removeItem(at: place.url.appendingPathComponent(name))
      try FileManager.default.copyItem(
        at: Fixtures.otherAuthority.directory.appendingPathComponent(name),
        to: place.url.appendingPathComponent(name))
    }
    try write("next", to: place.url.appendingPathComponent(".intermediate.pem.tmp-9"))
    let opened = try place.open(now: Fixtures.now)
    #expect(opened.root != fixture.root && opened.root != Fixtures.otherAuthority.root)
    #expect(try contents(place) == Set(CertificateAuthority.fileNames))
  }

  @Test func anIncompleteAuthorityIsReportedAndRotationRepairsIt() throws {
    let place = try copyOfTheAuthority()
    try FileManager.default.removeItem(at: place.url.appendingPathComponent("root-key.pem"))
    let error = #expect(throws: CertificateAuthorityError.self) { try place.open(now: Fixtures.now) }
    #expect(error?.code == .incompleteAuthority)
    #expect(error?.isRepairedByRotation == true)
    let rotated = try place.rotate(now: Fixtures.now)
    #expect(try place.open(now: Fixtures.now).root == rotated.root)
    #expect(try besideIt(place) == ["ca"])
  }

  @Test func rotationRefusesToLoseFilesThatAreNotTheAuthoritys() throws {
    let place = try copyOfTheAuthority()
    try write("mine", to: place.url.appendingPathComponent("notes.txt"))
    let error = #expect(throws: CertificateAuthorityError.self) { try place.rotate(now: Fixtures.now) }
    #expect(error?.code == .foreignFiles)
    #expect(error?.reason.contains("notes.txt") == true)
    #expect(try contents(place) == Set(CertificateAuthority.fileNames + ["notes.txt"]))
    #expect(try place.open(now: Fixtures.now).root == fixture.root)
    #expect(try besideIt(place) == ["ca"])
  }

  @Test func aLinkIsFollowed() throws {
    let place = try copyOfTheAuthority()
    let link = Fixtures.temporaryDirectory("link").appendingPathComponent("ca")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: place.url)
    #expect(AuthorityDirectory(link).url.path == place.url.path)
    #expect(try AuthorityDirectory(link).open(now: Fixtures.now).root == fixture.root)
  }
}
