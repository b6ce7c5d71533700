import Foundation
import Verifier

extension World {
  /// The certificate authority, created on first use; inside ``withOneAuthority(_:)``, the one the
  /// work under way first opened. The authority opened last is reused while its root
  /// certificate's file is unchanged (one `stat`; a rotation, here or by another process, writes a
  /// new file).
  ///
  /// - Throws: ``SimulationError`` naming the file at fault.
  public func authority() throws(SimulationError) -> CertificateAuthority {
    try authorityKeeper.authority(now: store.clock.now)
  }

  /// A JWS signer of the authority (see ``authority()``): the one made before while the authority
  /// signs with the same certificate, else a new one.
  ///
  /// - Throws: ``SimulationError`` naming the file at fault.
  public func jwsSigner() throws(SimulationError) -> JWSSigner {
    try authorityKeeper.jwsSigner(now: store.clock.now)
  }

  /// Runs `body` with one certificate authority from start to end: what it signs, it verifies with
  /// the same keys, even when another process rotates the authority meanwhile. Work after it opens
  /// the authority again, and so sees that rotation.
  ///
  /// - Returns: What `body` returns.
  public func withOneAuthority<T>(_ body: () throws -> T) rethrows -> T {
    try authorityKeeper.withOne(body)
  }

  /// Replaces the certificate authority's keys and certificates (`ca rotate`): in its directory,
  /// for every process that uses it; or, when ``rotatesPrivately``, by creating an authority of this
  /// world's own in a temporary directory, leaving the configured one alone.
  ///
  /// - Throws: ``SimulationError`` when generating or writing fails.
  /// - Returns: The new authority.
  @discardableResult
  public func rotateAuthority() throws(SimulationError) -> CertificateAuthority {
    try authorityKeeper.rotate(now: store.clock.now)
  }

  /// Deletes this world's own certificate authority, if it has one; the world goes back to the
  /// configured one.
  public func removePrivateAuthority() {
    authorityKeeper.removePrivate()
  }
}
