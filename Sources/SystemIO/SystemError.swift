#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call's `errno`, described as `strerror` describes it (`No space left on device`).
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value, such as `ENOSPC`.
  public var code: Int32

  /// Wraps an `errno` value.
  ///
  /// - Parameter code: the value, such as `EPIPE`.
  public init(code: Int32) {
    self.code = code
  }

  /// The error the last failed system call on this thread left in `errno`.
  public static var current: SystemError { SystemError(code: errno) }

  /// Whether the reader of a pipe or socket has gone (`EPIPE`).
  public var isBrokenPipe: Bool { code == EPIPE }

  /// The `strerror` text.
  public var description: String { String(cString: strerror(code)) }
}
