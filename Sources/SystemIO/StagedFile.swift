#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written so that readers see either its old contents or the new, never a part: the bytes
/// go to a temporary file in the same directory (`.NAME.tmp-RANDOM`, created with its final mode),
/// are flushed to the disk with `fsync`, and the temporary file is renamed over the destination.
/// A failure removes the temporary file, so none is left behind.
///
/// The one place the package writes durably: its steps (``create(_:at:mode:afterWriting:)``,
/// ``move(_:to:)``, ``synchronizeDirectory(_:)``) also serve writers of whole directories, such as
/// the certificate authority's.
public struct StagedFile: Sendable {
  /// Why a file could not be written: the file, what was being done, and the system's reason.
  public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that failed: the temporary file, or the destination for the rename.
    public var path: String
    /// What failed, such as `cannot create` or `cannot write`.
    public var action: String
    /// The system's reason.
    public var cause: SystemError

    /// `ACTION: REASON`, such as `cannot write: No space left on device`.
    public var description: String { "\(action): \(cause)" }
  }

  /// The temporary file holding the new contents.
  public let temporaryPath: String
  /// Where the contents go when committed.
  public let destination: String

  /// Writes bytes to a new temporary file beside the destination and flushes them to the disk.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - destination: the file's path; its directory must exist.
  ///   - mode: the permission bits to create it with, before the umask (0o600 for private keys).
  /// - Throws: ``WriteError`` naming the temporary file; it is removed.
  public static func stage(
    _ bytes: [UInt8], at destination: String, mode: mode_t
  ) throws(WriteError) -> StagedFile {
    let slash = destination.lastIndex(of: "/")
    let directory = slash.map { String(destination[...$0]) } ?? ""
    let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
    let temporary = "\(directory).\(name).tmp-\(UInt32.random(in: 0...UInt32.max))"
    do {
      try create(bytes, at: temporary, mode: mode, afterWriting: CrashPoint.fileStepDone)
    } catch {
      unlink(temporary)
      throw error
    }
    CrashPoint.fileStepDone()
    return StagedFile(temporaryPath: temporary, destination: destination)
  }

  /// Writes a whole file atomically: ``stage(_:at:mode:)`` then ``commit()``.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - destination: the file's path; its directory must exist.
  ///   - mode: the permission bits for a new file, before the umask (default 0o666).
  /// - Throws: ``WriteError``; no temporary file is left.
  public static func writeAtomically(
    _ bytes: [UInt8], to destination: String, mode: mode_t = 0o666
  ) throws(WriteError) {
    try stage(bytes, at: destination, mode: mode).commit()
  }

  /// Renames the temporary file over the destination, then flushes the directory, so that the
  /// new name outlives a crash of the machine.
  ///
  /// - Throws: ``WriteError`` naming the destination: the temporary file is removed when the rename
  ///   fails; when the directory cannot be flushed, the new contents are in place but may not outlive
  ///   a crash of the machine (see ``synchronizeDirectory(_:)``).
  public func commit() throws(WriteError) {
    guard rename(temporaryPath, destination) == 0 else {
      let cause = SystemError.current
      discard()
      throw WriteError(path: destination, action: "cannot rename the temporary file into place", cause: cause)
    }
    CrashPoint.fileStepDone()
    try Self.synchronizeDirectory(of: destination)
  }

  /// Removes a file and flushes its directory, so that the removal outlives a crash of the machine.
  ///
  /// - Throws: ``WriteError`` when it exists and cannot be removed, or its directory cannot be
  ///   flushed.
  public static func remove(_ path: String) throws(WriteError) {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw WriteError(path: path, action: "cannot remove", cause: .current)
    }
    CrashPoint.fileStepDone()
    try synchronizeDirectory(of: path)
  }

  /// Flushes the directory that holds `path` (see ``synchronizeDirectory(_:)``).
  private static func synchronizeDirectory(of path: String) throws(WriteError) {
    let slash = path.lastIndex(of: "/")
    try synchronizeDirectory(slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
  }

  /// Removes the temporary file, when the new contents will not be committed.
  public func discard() {
    unlink(temporaryPath)
  }
}
