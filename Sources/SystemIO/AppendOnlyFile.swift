#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that grows by whole records (lines of a recording or of a history): each is appended
/// with `write(2)`, so that it reaches the system at once with no buffer of the process's own, and
/// a record that cannot be written whole is cut off again, so that the file only ever holds whole
/// records.
public final class AppendOnlyFile {
  /// The file's path.
  public let path: String
  private var descriptor: FileDescriptor?

  /// Opens an existing file for appending.
  ///
  /// - Parameter path: the file.
  /// - Throws: ``SystemError`` when it cannot be opened for writing.
  public init(path: String) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { throw .current }
    self.path = path
    self.descriptor = FileDescriptor(rawValue: descriptor)
  }

  deinit {
    if let descriptor { closeDescriptor(descriptor.rawValue) }
  }

  /// Appends a record whole, or not at all.
  ///
  /// - Parameter bytes: the record, with its line end.
  /// - Throws: ``SystemError`` when it could not be written whole (the file is cut back to where it
  ///   ended), or when the file was closed.
  public func append(_ bytes: [UInt8]) throws(SystemError) {
    guard let descriptor else { throw SystemError(code: EBADF) }
    let end = lseek(descriptor.rawValue, 0, SEEK_END)
    do {
      try descriptor.writeAll(bytes)
    } catch {
      if end >= 0 { _ = ftruncate(descriptor.rawValue, end) }
      throw error
    }
    CrashPoint.fileStepDone()
  }

  /// Flushes what was written so far to the disk (`fsync`), so that it outlives a crash of the
  /// process or of the machine.
  ///
  /// - Throws: ``SystemError`` when the flush failed, or when the file was closed.
  public func synchronize() throws(SystemError) {
    guard let descriptor else { throw SystemError(code: EBADF) }
    guard fsync(descriptor.rawValue) == 0 else { throw .current }
    CrashPoint.fileStepDone()
  }

  /// Flushes what was written to the disk (`fsync`) and closes the file.
  public func close() {
    guard let descriptor else { return }
    self.descriptor = nil
    _ = fsync(descriptor.rawValue)
    closeDescriptor(descriptor.rawValue)
  }
}

/// `close(2)`, out of reach of ``AppendOnlyFile/close()``'s name.
private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
