#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files of bounded size with POSIX calls, saying plainly why one cannot be read.
public enum FileReader {
  /// Why a file could not be read.
  public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path names a directory.
    case isDirectory
    /// The path names a FIFO, a socket or a device that has nothing to read now: reading it
    /// would wait for a writer that may never come.
    case notRegularFile(kind: String)
    /// The file holds more than the limit allows.
    case tooLarge(limit: Int)
    /// A system call failed (no such file, permission denied, …).
    case system(SystemError)

    /// `is a directory`, `larger than 16777216 bytes, the limit`, or the system's reason.
    public var description: String {
      switch self {
      case .isDirectory: "is a directory"
      case .notRegularFile(let kind):
        "is \(kind), not a regular file"
      case .tooLarge(let limit): "larger than \(limit) bytes, the limit"
      case .system(let error): error.description
      }
    }
  }

  /// Reads a whole file, refusing one larger than `limit` bytes without reading past it (so a
  /// device that never ends, such as `/dev/zero`, is refused too), and a FIFO or a socket at once
  /// (it is opened without waiting for a writer); a device with nothing to read now, such as a
  /// terminal, fails at once too instead of waiting.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - limit: the most bytes accepted.
  /// - Returns: the file's bytes.
  /// - Throws: ``ReadError``.
  public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .system(.current) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(.current) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw .isDirectory
    case S_IFIFO: throw .notRegularFile(kind: "a FIFO (a named pipe)")
    case S_IFSOCK: throw .notRegularFile(kind: "a socket")
    case S_IFREG:
      // A regular file reads as usual.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    default:
      break  // a device: read without waiting (/dev/null ends at once; a terminal fails with EAGAIN)
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          throw .notRegularFile(kind: "a device with nothing to read")
        }
        throw .system(.current)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
    throw .tooLarge(limit: limit)
  }
}

/// `read(2)`, out of reach of ``FileReader/read(_:limit:)``'s name.
func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
