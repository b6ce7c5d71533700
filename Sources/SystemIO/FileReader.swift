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
    /// The file holds more than the limit allows.
    case tooLarge(limit: Int)
    /// A system call failed (no such file, permission denied, …).
    case system(SystemError)

    /// `is a directory`, `larger than 16777216 bytes, the limit`, or the system's reason.
    public var description: String {
      switch self {
      case .isDirectory: "is a directory"
      case .tooLarge(let limit): "larger than \(limit) bytes, the limit"
      case .system(let error): error.description
      }
    }
  }

  /// Reads a whole file, refusing one larger than `limit` bytes without reading past it (so a
  /// device that never ends, such as `/dev/zero`, is refused too).
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - limit: the most bytes accepted.
  /// - Returns: the file's bytes.
  /// - Throws: ``ReadError``.
  public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .system(.current) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(.current) }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw .isDirectory }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
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
