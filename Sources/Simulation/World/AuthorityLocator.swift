import Foundation
import Synchronization
import Verifier

/// Finds and opens the local certificate authority: the directory named with `--ca-dir`, else
/// `$STOREBENCH_CA_DIR`, else `$XDG_DATA_HOME/storebench/ca` (`~/.local/share/storebench/ca`).
///
/// The authority is created on first use. ``AuthorityDirectory`` keeps it consistent on disk between
/// processes: readers share a lock beside the directory, writers hold it alone, and a rotation
/// replaces the whole directory in one rename.
///
/// Each process keeps the authority of each directory it opened, so that the keys are parsed and
/// checked once. The kept authority is never served stale: every open takes the shared lock and
/// compares the directory's `root.pem` with the kept root. The same bytes mean the same authority
/// (every creation or rotation makes a new root key, so a new root); other bytes, or no file, mean
/// that another process rotated or removed it, and the directory is read again.
public enum AuthorityLocator {
  private static let opened = Mutex<[String: CertificateAuthority]>([:])

  /// The directory to use.
  public static func directory(
    option: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let path = option ?? environment["STOREBENCH_CA_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return URL(fileURLWithPath: path)
    }
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
    return data.appendingPathComponent("storebench/ca")
  }

  /// The authority in `directory`, created if missing.
  ///
  /// - Parameter now: the instant certificates are issued at when one is created.
  /// - Throws: ``SimulationError`` naming the file at fault, and the command that repairs it when
  ///   rotating does.
  public static func open(_ directory: URL, now: Date) throws(SimulationError) -> CertificateAuthority {
    let key = directory.standardizedFileURL.path
    let kept = opened.withLock { $0[key] }
    let authority = try reporting(directory) { () throws(CertificateAuthorityError) in
      try AuthorityDirectory(directory).open(now: now, reusing: kept)
    }
    opened.withLock { $0[key] = authority }
    return authority
  }

  /// Replaces the authority's keys and certificates (`ca rotate`), whatever the directory holds:
  /// this repairs a directory whose authority is incomplete or inconsistent.
  ///
  /// - Throws: ``SimulationError`` when generating or writing fails.
  public static func rotate(_ directory: URL, now: Date) throws(SimulationError) -> CertificateAuthority {
    let authority = try reporting(directory) { () throws(CertificateAuthorityError) in
      try AuthorityDirectory(directory).rotate(now: now)
    }
    opened.withLock { $0[directory.standardizedFileURL.path] = authority }
    return authority
  }

  /// Forgets the authority kept for a directory that is about to be removed.
  static func forget(_ directory: URL) {
    opened.withLock { $0[directory.standardizedFileURL.path] = nil }
  }

  /// The authority `body` gives, its error as a ``SimulationError`` saying how to repair it.
  private static func reporting(
    _ directory: URL, _ body: () throws(CertificateAuthorityError) -> CertificateAuthority
  ) throws(SimulationError) -> CertificateAuthority {
    do {
      return try body()
    } catch {
      guard error.isRepairedByRotation else {
        throw SimulationError(.certificateAuthority, "certificate authority: \(error)")
      }
      throw SimulationError(
        .certificateAuthority,
        "certificate authority: \(error); `ca rotate` replaces it with a new authority (from a shell: "
          + "printf 'ca rotate\\n' | storebench --ca-dir '\(directory.path)')")
    }
  }
}
