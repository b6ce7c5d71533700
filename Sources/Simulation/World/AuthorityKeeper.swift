import Foundation
import Verifier

/// A world's certificate authority and what the world keeps of it: where it lives (the configured
/// directory, or this world's own after a private rotation), the authority opened last and the JWS
/// signer made last (reused while unchanged), and the one the work under way keeps
/// (``withOne(_:)``). ``World`` reaches the authority through it alone.
final class AuthorityKeeper {
  /// The certificate authority's directory the world was created with.
  let configuredDirectory: URL
  /// Whether ``rotate(now:)`` leaves the configured authority alone and gives the world a new
  /// authority of its own instead, in a temporary directory.
  var rotatesPrivately = false
  /// The temporary directory holding the world's own authority, once it has one.
  private(set) var privateRoot: URL?
  /// The authority the work under way uses (see ``withOne(_:)``), once it has opened it.
  private(set) var inUse: CertificateAuthority?
  /// Whether work under way keeps one authority.
  private(set) var keepsOne = false
  /// The authority opened last, reused while its files are unchanged (``authority(now:)``).
  private var kept: KeptAuthority?
  /// The JWS signer last made (see ``jwsSigner(now:)``): making one encodes its certificate chain.
  private var lastJWSSigner: JWSSigner?

  /// Keeps the authority in `configuredDirectory`.
  init(configuredDirectory: URL) {
    self.configuredDirectory = configuredDirectory
  }

  /// Where the authority lives: the configured directory, or once a private rotation has given
  /// the world an authority of its own, that one's.
  var directory: URL {
    privateRoot?.appendingPathComponent("ca") ?? configuredDirectory
  }

  /// The authority, created on first use; inside ``withOne(_:)``, the one the work under way
  /// first opened.
  ///
  /// - Parameter now: The instant certificates are issued at when the authority is created.
  /// - Throws: ``SimulationError`` naming the file at fault.
  func authority(now: Date) throws(SimulationError) -> CertificateAuthority {
    if let inUse { return inUse }
    let authority = try open(now: now)
    if keepsOne { inUse = authority }
    return authority
  }

  /// The authority in the directory: the one opened last while its root certificate's file has
  /// the stamp it had just before (one `stat`; a rotation, here or by another process, writes a new
  /// file), else opened again (``AuthorityLocator/open(_:now:)``: a lock, a read, a comparison).
  private func open(now: Date) throws(SimulationError) -> CertificateAuthority {
    let directory = directory
    if let kept, kept.directory == directory, FileStamp.of(kept.rootPath) == kept.stamp {
      return kept.authority
    }
    let rootPath = directory.appendingPathComponent(CertificateRole.root.certificateFileName).path
    let stamp = FileStamp.of(rootPath)
    let authority = try AuthorityLocator.open(directory, now: now)
    kept = stamp.map {
      KeptAuthority(authority: authority, directory: directory, rootPath: rootPath, stamp: $0)
    }
    return authority
  }

  /// A JWS signer of the authority: the one made before while the authority signs with the same
  /// certificate, else a new one.
  ///
  /// - Throws: ``SimulationError`` naming the file at fault.
  func jwsSigner(now: Date) throws(SimulationError) -> JWSSigner {
    let authority = try authority(now: now)
    if let lastJWSSigner, lastJWSSigner.certificate == authority.jwsSigningCertificate {
      return lastJWSSigner
    }
    let signer = JWSSigner(authority: authority)
    lastJWSSigner = signer
    return signer
  }

  /// Runs `body` with one authority from start to end.
  ///
  /// - Returns: What `body` returns.
  func withOne<T>(_ body: () throws -> T) rethrows -> T {
    keepsOne = true
    defer { (keepsOne, inUse) = (false, nil) }
    return try body()
  }

  /// Replaces the authority's keys and certificates: in its directory, or, when
  /// ``rotatesPrivately``, by creating an authority of the world's own in a temporary directory.
  ///
  /// - Throws: ``SimulationError`` when generating or writing fails.
  /// - Returns: The new authority.
  func rotate(now: Date) throws(SimulationError) -> CertificateAuthority {
    if rotatesPrivately && privateRoot == nil {
      privateRoot = FileManager.default.temporaryDirectory.appendingPathComponent(
        "storebench-ca-\(UUID().uuidString)")
    }
    let authority = try AuthorityLocator.rotate(directory, now: now)
    kept = nil
    if keepsOne { inUse = authority }
    return authority
  }

  /// Deletes the world's own authority, if it has one; the world goes back to the configured one.
  func removePrivate() {
    guard let privateRoot else { return }
    AuthorityLocator.forget(directory)
    kept = nil
    try? FileManager.default.removeItem(at: privateRoot)
    self.privateRoot = nil
    inUse = nil
  }
}
