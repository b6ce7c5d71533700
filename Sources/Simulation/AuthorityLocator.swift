import Foundation
import Synchronization
import Verifier

/// Finds and opens the local certificate authority: the directory named with `--ca-dir`, else
/// `$STOREBENCH_CA_DIR`, else `$XDG_DATA_HOME/storebench/ca` (`~/.local/share/storebench/ca`).
///
/// The authority is created on first use. Creation holds an exclusive lock on a file beside it, so
/// that parallel runs never mix the keys of two authorities, and each directory is opened once
/// per process.
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
  /// - Throws: ``SimulationError`` naming the file at fault.
  public static func open(_ directory: URL, now: Date) throws(SimulationError) -> CertificateAuthority {
    let key = directory.standardizedFileURL.path
    if let authority = opened.withLock({ $0[key] }) { return authority }
    let authority = try withFileLock(beside: directory) {
      () throws(SimulationError) -> CertificateAuthority in
      do {
        return try CertificateAuthority.loadOrCreate(at: directory, now: now)
      } catch {
        throw SimulationError("certificate authority: \(error)")
      }
    }
    opened.withLock { $0[key] = authority }
    return authority
  }

  /// Replaces the authority's keys and certificates (`ca rotate`).
  public static func rotate(_ directory: URL, now: Date) throws(SimulationError) -> CertificateAuthority {
    let key = directory.standardizedFileURL.path
    var authority = try open(directory, now: now)
    do {
      try authority.rotate(now: now)
    } catch {
      throw SimulationError("certificate authority: \(error)")
    }
    opened.withLock { $0[key] = authority }
    return authority
  }

  private static func withFileLock<T>(
    beside directory: URL, _ body: () throws(SimulationError) -> T
  ) throws(SimulationError) -> T {
    let parent = directory.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw SimulationError("certificate authority: cannot create \(parent.path)")
    }
    let lockPath = parent.appendingPathComponent(".\(directory.lastPathComponent).lock").path
    let descriptor = Foundation.open(lockPath, O_CREAT | O_RDWR, 0o600)
    guard descriptor >= 0 else {
      throw SimulationError("certificate authority: cannot open the lock \(lockPath)")
    }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else {
      throw SimulationError("certificate authority: cannot lock \(lockPath)")
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
