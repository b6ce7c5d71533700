import Foundation
import Verifier

extension World {
  /// The certificate authority, created on first use; inside ``withOneAuthority(_:)``, the one the
  /// work under way first opened.
  ///
  /// - Throws: ``SimulationError`` naming the file at fault.
  public func authority() throws(SimulationError) -> CertificateAuthority {
    if let authorityInUse { return authorityInUse }
    let authority = try AuthorityLocator.open(authorityDirectory, now: store.clock.now)
    if keepsOneAuthority { authorityInUse = authority }
    return authority
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
}
