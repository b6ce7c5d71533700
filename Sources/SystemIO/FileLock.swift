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
public enum FileLock {
  /// How the lock is held.
  public enum Mode: Sendable {
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

  /// Runs `body` while holding the lock on a file, created (mode 0600) if missing; its directory
  /// must exist.
  ///
  /// - Parameters:
  ///   - path: The lock file; its contents are never read or written.
  ///   - mode: Shared or exclusive.
  ///   - failure: The caller's error for a lock that cannot be opened or taken.
  ///   - body: What to do under the lock.
  /// - Throws: `failure` of a ``StagedFile/WriteError`` naming the lock file; what `body` throws.
  /// - Returns: What `body` returns.
  public static func holding<T, Failure: Error>(
    _ path: String, _ mode: Mode, failure: (StagedFile.WriteError) -> Failure,
    _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw failure(StagedFile.WriteError(path: path, action: "cannot open the lock", cause: .current))
    }
    defer { close(descriptor) }
    while flock(descriptor, mode.operation) != 0 {
      guard errno == EINTR else {
        throw failure(StagedFile.WriteError(path: path, action: "cannot lock", cause: .current))
      }
    }
    return try body()
  }
}
