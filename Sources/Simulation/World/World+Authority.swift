import Foundation
import Verifier

extension World {
  /// The certificate authority, created on first use; inside ``withOneAuthority(_:)``, the one the
  /// work under way first opened.
  ///
  /// - Throws: ``SimulationError`` naming the file at fault.
  public func authority() throws(SimulationError) -> CertificateAuthority {
    if let authorityInUse { return authorityInUse }
    let authority = try openAuthority()
    if keepsOneAuthority { authorityInUse = authority }
    return authority
  }

  /// The authority in the directory: the one opened last while its root certificate's file has
  /// the stamp it had just before (one `stat`; a rotation, here or by another process, writes a new
  /// file), else opened again (``AuthorityLocator/open(_:now:)``: a lock, a read, a comparison).
  private func openAuthority() throws(SimulationError) -> CertificateAuthority {
    let directory = authorityDirectory
    if let kept = keptAuthority, kept.directory == directory, FileStamp.of(kept.rootPath) == kept.stamp {
      return kept.authority
    }
    let rootPath = directory.appendingPathComponent(CertificateRole.root.certificateFileName).path
    let stamp = FileStamp.of(rootPath)
    let authority = try AuthorityLocator.open(directory, now: store.clock.now)
    keptAuthority = stamp.map {
      KeptAuthority(authority: authority, directory: directory, rootPath: rootPath, stamp: $0)
    }
    return authority
  }

  /// A JWS signer of the authority (see ``authority()``): the one made before while the authority
  /// signs with the same certificate, else a new one.
  ///
  /// - Throws: ``SimulationError`` naming the file at fault.
  public func jwsSigner() throws(SimulationError) -> JWSSigner {
    let authority = try authority()
    if let lastJWSSigner, lastJWSSigner.certificate == authority.jwsSigningCertificate {
      return lastJWSSigner
    }
    let signer = JWSSigner(authority: authority)
    lastJWSSigner = signer
    return signer
  }

  /// Runs `body` with one certificate authority from start to end: what it signs, it verifies with
  /// the same keys, even when another process rotates the authority meanwhile. Work after it opens
  /// the authority again, and so sees that rotation.
  ///
  /// - Returns: What `body` returns.
  public func withOneAuthority<T>(_ body: () throws -> T) rethrows -> T {
    keepsOneAuthority = true
    defer { (keepsOneAuthority, authorityInUse) = (false, nil) }
    return try body()
  }

  /// Replaces the certificate authority's keys and certificates (`ca rotate`): in its directory,
  /// for every process that uses it; or, when ``rotatesPrivately``, by creating an authority of this
  /// world's own in a temporary directory, leaving the configured one alone.
  ///
  /// - Throws: ``SimulationError`` when generating or writing fails.
  /// - Returns: The new authority.
  @discardableResult
  public func rotateAuthority() throws(SimulationError) -> CertificateAuthority {
    if rotatesPrivately && privateAuthorityRoot == nil {
      privateAuthorityRoot = FileManager.default.temporaryDirectory.appendingPathComponent(
        "storebench-ca-\(UUID().uuidString)")
    }
    let authority = try AuthorityLocator.rotate(authorityDirectory, now: store.clock.now)
    keptAuthority = nil
    if keepsOneAuthority { authorityInUse = authority }
    return authority
  }

  /// Deletes this world's own certificate authority, if it has one; the world goes back to the
  /// configured one.
  public func removePrivateAuthority() {
    guard let privateAuthorityRoot else { return }
    AuthorityLocator.forget(authorityDirectory)
    keptAuthority = nil
    try? FileManager.default.removeItem(at: privateAuthorityRoot)
    self.privateAuthorityRoot = nil
    authorityInUse = nil
  }
}
