#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files of bounded size with POSIX calls, saying plainly why one cannot be read: the one
/// way storebench reads a file a command names (and standard input given as `-`).
public enum FileReader {
  /// Why a file could not be read.
  public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path names a directory.
    case isDirectory
    /// The path names a character or block device, a FIFO or a socket: reading one could wait for a
    /// writer that never comes, or never end (`/dev/zero`).
    case notRegularFile(kind: String)
    /// The file holds more than its format's limit.
    case tooLarge(FileFormat)
    /// A system call failed (no such file, permission denied, …).
    case system(SystemError)

    /// `is a directory`, `is a character device, not a regular file`, `larger than 16 MiB (16777216
    /// bytes), the limit for a catalog`, or the system's reason.
    public var description: String {
      switch self {
      case .isDirectory: "is a directory"
      case .notRegularFile(let kind): "is \(kind), not a regular file"
      case .tooLarge(let format): format.tooLargeReason
      case .system(let error): error.description
      }
    }
  }

  /// Reads a whole regular file of a format, refusing anything else at once, before reading a byte: a
  /// directory, a character or block device (`/dev/zero`, a terminal), a FIFO or a socket (it is
  /// opened without waiting for a writer). A file larger than the format's limit is refused by its
  /// size, and one that grows past it while read is refused without reading further.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - format: what the file holds, which sets the most bytes read (``FileFormat/limit``).
  /// - Returns: the file's bytes.
  /// - Throws: ``ReadError``.
  public static func read(_ path: String, as format: FileFormat) throws(ReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .system(.current) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(.current) }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .isDirectory
    case S_IFCHR: throw .notRegularFile(kind: "a character device")
    case S_IFBLK: throw .notRegularFile(kind: "a block device")
    case S_IFIFO: throw .notRegularFile(kind: "a FIFO (a named pipe)")
    case S_IFSOCK: throw .notRegularFile(kind: "a socket")
    default: throw .notRegularFile(kind: "a special file")
    }
    guard Int(status.st_size) <= format.limit else { throw .tooLarge(format) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return try readAll(descriptor, as: format)
  }

  /// Reads standard input to its end, as a file of a format (`import receipt -`): a pipe or a
  /// terminal is read as it comes, and refused once it passes the format's limit, without reading
  /// further (so `yes |` ends).
  ///
  /// - Throws: ``ReadError``: `tooLarge`, or the system's reason.
  public static func readStandardInput(as format: FileFormat) throws(ReadError) -> [UInt8] {
    try readAll(STDIN_FILENO, as: format)
  }

  /// Reads a descriptor to its end, at most one byte past the format's limit.
  private static func readAll(_ descriptor: Int32, as format: FileFormat) throws(ReadError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= format.limit {
      let wanted = min(chunk.count, format.limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes {
        readDescriptor(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(.current)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
    throw .tooLarge(format)
  }
}

/// `read(2)`, out of reach of ``FileReader/read(_:as:)``'s name.
func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
