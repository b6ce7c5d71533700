import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import Verifier

@Suite struct CertificateAuthorityTests {
  let authority = Fixtures.authority
  var allFiles: [String] { CertificateRole.allCases.flatMap { [$0.certificateFileName, $0.keyFileName] } }

  /// A copy of the shared authority's directory, to damage without touching the original.
  func copyOfAuthorityDirectory() throws -> URL {
    let copy = Fixtures.temporaryDirectory("copy")
    for file in allFiles {
      try FileManager.default.copyItem(
        at: authority.directory.appendingPathComponent(file), to: copy.appendingPathComponent(file))
    }
    return copy
  }

  func loadError(_ directory: URL) -> CertificateAuthorityError? {
    do {
      _ = try CertificateAuthority.loadOrCreate(at: directory, now: Fixtures.now)
      return nil
    } catch {
      return error
    }
  }

  @Test func writesAllFilesWithPrivateKeysReadableOnlyByOwner() throws {
    let contents = try FileManager.default.contentsOfDirectory(atPath: authority.directory.path)
    #expect(Set(contents) == Set(allFiles), "no temporary files are left behind")
    for role in CertificateRole.allCases {
      let key = try FileManager.default.attributesOfItem(
        atPath: authority.directory.appendingPathComponent(role.keyFileName).path)
      #expect((key[.posixPermissions] as? NSNumber)?.intValue == 0o600)
      let pem = try String(
        contentsOf: authority.directory.appendingPathComponent(role.keyFileName), encoding: .utf8)
      #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"), "PKCS#8 PEM")
    }
  }

  @Test func reloadsTheSameAuthority() throws {
    let reloaded = try CertificateAuthority.loadOrCreate(
      at: authority.directory, now: Fixtures.date(86_400 * 365))
    #expect(reloaded.summary == authority.summary)
    #expect(reloaded.exportRoot(format: .der) == authority.exportRoot(format: .der))
    #expect(reloaded.receiptSigningKey.derRepresentation == authority.receiptSigningKey.derRepresentation)
    #expect(reloaded.jwsSigningKey.rawRepresentation == authority.jwsSigningKey.rawRepresentation)
  }

  @Test func certificatesFollowTheProfile() throws {
    let summary = authority.summary
    #expect(summary.certificates.map(\.role) == CertificateRole.allCases)
    #expect(summary.certificates.map(\.keyType) == ["P-256", "P-256", "RSA-2048", "P-256"])
    #expect(summary.certificates[0].subject == "CN=storebench Root CA,O=storebench")
    #expect(
      summary.certificates[1].subject.hasPrefix("CN=storebench Worldwide Developer Relations Intermediate"))
    #expect(
      summary.certificates[2].subject.hasPrefix(
        "CN=storebench Mac App Store and iTunes Store Receipt Signing"))
    #expect(summary.certificates[3].subject.hasPrefix("CN=storebench App Store JWS Signing"))
    for certificate in summary.certificates {
      #expect(certificate.sha256Fingerprint.count == 32 * 3 - 1)
      #expect(certificate.notValidBefore == CertificateAuthority.validFrom)
      #expect(certificate.notValidAfter == CertificateAuthority.validUntil)
    }
    for role in CertificateRole.allCases {
      let certificate = authority.certificate(for: role)
      #expect(try certificate.extensions.subjectKeyIdentifier != nil)
      #expect(try certificate.extensions.authorityKeyIdentifier != nil)
      #expect(try certificate.extensions.basicConstraints != nil)
      #expect(try certificate.extensions.keyUsage != nil)
      let markers = [ASN1ObjectIdentifier.appleLeafMarker, .appleIntermediateMarker]
      for marker in markers {
        #expect(certificate.extensions[oid: marker]?.critical != true, "markers are never critical")
      }
    }
    #expect(authority.intermediate.extensions[oid: .appleIntermediateMarker] != nil)
    #expect(authority.receiptSigningCertificate.extensions[oid: .appleLeafMarker] != nil)
    #expect(authority.jwsSigningCertificate.extensions[oid: .appleLeafMarker] != nil)
  }

  @Test func exportsTheRootAsDERAndPEM() throws {
    let der = authority.exportRoot(format: .der)
    #expect(try Certificate(derEncoded: der) == authority.root)
    let pem = String(decoding: authority.exportRoot(format: .pem), as: UTF8.self)
    #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    #expect(try Certificate(pemEncoded: pem) == authority.root)
  }

  @Test func corruptCertificateNamesTheFile() throws {
    let directory = try copyOfAuthorityDirectory()
    let file = directory.appendingPathComponent("intermediate.pem")
    try Data("-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n".utf8).write(to: file)
    let error = try #require(loadError(directory))
    #expect(error.code == .malformedFile)
    #expect(error.path == file.path)
  }

  @Test func truncatedKeyNamesTheFile() throws {
    let directory = try copyOfAuthorityDirectory()
    let file = directory.appendingPathComponent("receipt-signing-key.pem")
    let text = try Data(contentsOf: file)
    try text.prefix(text.count / 2).write(to: file)
    let error = try #require(loadError(directory))
    #expect(error.code == .malformedFile)
    #expect(error.path == file.path)
  }

  @Test func missingFileIsReportedAndNothingIsOverwritten() throws {
    let directory = try copyOfAuthorityDirectory()
    try FileManager.default.removeItem(at: directory.appendingPathComponent("jws-signing-key.pem"))
    let before = try Data(contentsOf: directory.appendingPathComponent("root.pem"))
    let error = try #require(loadError(directory))
    #expect(error.code == .incompleteAuthority)
    #expect(error.reason.contains("jws-signing-key.pem"))
    #expect(try Data(contentsOf: directory.appendingPathComponent("root.pem")) == before)
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("jws-signing-key.pem").path))
  }

  @Test func keyFromAnotherAuthorityIsInconsistent() throws {
    let directory = try copyOfAuthorityDirectory()
    let file = "intermediate-key.pem"
    try FileManager.default.removeItem(at: directory.appendingPathComponent(file))
    try FileManager.default.copyItem(
      at: Fixtures.otherAuthority.directory.appendingPathComponent(file),
      to: directory.appendingPathComponent(file))
    let error = try #require(loadError(directory))
    #expect(error.code == .inconsistentAuthority)
    #expect(error.path.hasSuffix(file))
  }

  @Test func certificateFromAnotherAuthorityIsInconsistent() throws {
    let directory = try copyOfAuthorityDirectory()
    for file in ["jws-signing.pem", "jws-signing-key.pem"] {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(file))
      try FileManager.default.copyItem(
        at: Fixtures.otherAuthority.directory.appendingPathComponent(file),
        to: directory.appendingPathComponent(file))
    }
    let error = try #require(loadError(directory))
    #expect(error.code == .inconsistentAuthority)
    #expect(error.path.hasSuffix("jws-signing.pem"))
  }

  @Test func aFileInPlaceOfTheDirectoryIsRejected() throws {
    let file = Fixtures.temporaryDirectory("file").appendingPathComponent("ca")
    try Data("x".utf8).write(to: file)
    #expect(loadError(file)?.code == .notADirectory)
  }

  @Test func rotateReplacesKeysAndCertificates() throws {
    let directory = Fixtures.temporaryDirectory("rotate")
    var rotating = try CertificateAuthority.loadOrCreate(at: directory, now: Fixtures.now)
    let oldRoot = rotating.root
    try rotating.rotate(now: Fixtures.now)
    #expect(rotating.root != oldRoot)
    let reloaded = try CertificateAuthority.loadOrCreate(at: directory, now: Fixtures.now)
    #expect(reloaded.summary == rotating.summary)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == Set(allFiles))
  }

  @Test func validityIsWidenedToCoverAnEarlyClock() throws {
    let early = Date(timeIntervalSince1970: 0)
    let authority = try CertificateAuthority.generate(in: Fixtures.temporaryDirectory("early"), now: early)
    #expect(authority.root.notValidBefore == early)
    #expect(authority.root.notValidAfter == CertificateAuthority.validUntil)
  }
}
