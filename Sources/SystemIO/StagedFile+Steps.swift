#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension StagedFile {
  /// Creates a new file with its final mode, writes the bytes and flushes them to the disk.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - path: the file, which must not exist.
  ///   - mode: the permission bits to create it with, before the umask (0o600 for private keys).
  ///   - afterWriting: what to do between the write and the flush (a ``CrashPoint`` step).
  /// - Throws: ``WriteError`` naming the file; a file created is left for the caller to remove.
  public static func create(
    _ bytes: [UInt8], at path: String, mode: mode_t, afterWriting: () -> Void = {}
  ) throws(WriteError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw WriteError(path: path, action: "cannot create", cause: .current) }
    defer { close(descriptor) }
    do {
      try FileDescriptor(rawValue: descriptor).writeAll(bytes)
    } catch {
      throw WriteError(path: path, action: "cannot write", cause: error)
    }
    afterWriting()
    guard fsync(descriptor) == 0 else {
      throw WriteError(path: path, action: "cannot flush", cause: .current)
    }
  }

  /// Renames a file or directory, replacing what `destination` names if that is a file or an empty
  /// directory: atomic within one file system. Flush the directory afterwards for the new name to
  /// outlive a crash of the machine.
  ///
  /// - Throws: ``WriteError`` naming the destination.
  public static func move(_ source: String, to destination: String) throws(WriteError) {
    guard rename(source, destination) == 0 else {
      let name = source.split(separator: "/").last.map(String.init) ?? source
      throw WriteError(path: destination, action: "cannot rename \(name) to it", cause: .current)
    }
  }

  /// Flushes a directory's entries to the disk (`fsync` of the directory), so that the names created,
  /// renamed or removed in it outlive a crash of the machine.
  ///
  /// One policy for every writer: a failure is an error, because a write reported done must survive
  /// a crash, and only the caller can tell the user it may not. The one exception is `EINVAL`, by
  /// which a file system says it cannot flush a directory at all: nothing more can be done there,
  /// and its renames are as durable as that file system makes them.
  ///
  /// - Parameter directory: the directory's path.
  /// - Throws: ``WriteError`` naming the directory when it cannot be opened or flushed.
  public static func synchronizeDirectory(_ directory: String) throws(WriteError) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw WriteError(path: directory, action: "cannot open", cause: .current) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 || errno == EINVAL else {
      throw WriteError(path: directory, action: "cannot flush", cause: .current)
    }
  }

  /// Creates a new directory (mode 0700) named `prefix` followed by six random characters.
  ///
  /// - Parameter prefix: the new directory's path but its last six characters.
  /// - Throws: ``WriteError`` naming the prefix.
  /// - Returns: The new directory's path.
  public static func makeUniqueDirectory(prefix: String) throws(WriteError) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else {
      throw WriteError(path: prefix, action: "cannot create a directory", cause: .current)
    }
    return String(cString: created)
  }
}
