import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock on a file (`flock`): many holders may share it, or one may hold it alone. It is
/// held by an open file description, so two threads of one process exclude each other as two
/// processes do, and it is released when its holder ends, even by `kill -9`.
enum FileLock {
  /// How the lock is held.
  enum Mode {
    /// With other readers; no writer meanwhile.
    case shared
    /// Alone.
    case exclusive

    var operation: Int32 {
      switch self {
      case .shared: LOCK_SH
      case .exclusive: LOCK_EX
      }
    }
  }

  /// Runs `body` while holding the lock on a file, created (mode 0600, with its directory) if missing.
  ///
  /// - Parameters:
  ///   - file: The lock file; its contents are never read or written.
  ///   - mode: Shared or exclusive.
  ///   - body: What to do under the lock.
  /// - Throws: `writeFailed` when the lock file cannot be opened or locked; what `body` throws.
  /// - Returns: What `body` returns.
  static func holding<T>(
    _ file: URL, _ mode: Mode, _ body: () throws(CertificateAuthorityError) -> T
  ) throws(CertificateAuthorityError) -> T {
    try DurableFiles.ensureDirectory(file.deletingLastPathComponent())
    let descriptor = open(file.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw CertificateAuthorityError(.writeFailed, path: file.path, "cannot open the lock")
    }
    defer { close(descriptor) }
    while flock(descriptor, mode.operation) != 0 {
      guard errno == EINTR else {
        throw CertificateAuthorityError(.writeFailed, path: file.path, "cannot lock")
      }
    }
    return try body()
  }
}
