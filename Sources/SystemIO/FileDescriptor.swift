#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor, written with `write(2)` until every byte is out.
public struct FileDescriptor: Hashable, Sendable {
  /// The descriptor number.
  public var rawValue: Int32

  /// Wraps a descriptor number.
  ///
  /// - Parameter rawValue: an open descriptor.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Standard output (1).
  public static let standardOutput = FileDescriptor(rawValue: 1)
  /// Standard error (2).
  public static let standardError = FileDescriptor(rawValue: 2)

  /// The exit status of a process that its reader left (128 + SIGPIPE, as a shell reports a
  /// program that SIGPIPE ended).
  public static let brokenPipeStatus: Int32 = 128 + SIGPIPE

  /// Makes a write to a pipe nobody reads fail with `EPIPE` instead of ending the process, so that
  /// the writer decides how to end.
  public static func ignoreBrokenPipeSignal() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes every byte, calling `write(2)` again after a partial write or an interruption (`EINTR`).
  ///
  /// - Parameter bytes: what to write.
  /// - Throws: ``SystemError`` for any other failure (`EPIPE`, `ENOSPC`, …); some bytes may have
  ///   been written by then.
  public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { write(rawValue, $0.baseAddress, $0.count) }
      if result < 0 {
        if errno == EINTR { continue }
        throw SystemError.current
      }
      // write(2) returns 0 for a non-empty buffer only on devices that take nothing more.
      guard result > 0 else { throw SystemError(code: EIO) }
      written += result
    }
  }

  /// Writes text as UTF-8; see ``writeAll(_:)-([UInt8])``.
  ///
  /// - Parameter text: what to write.
  /// - Throws: ``SystemError`` as ``writeAll(_:)-([UInt8])`` does.
  public func writeAll(_ text: String) throws(SystemError) {
    try writeAll(Array(text.utf8))
  }
}
