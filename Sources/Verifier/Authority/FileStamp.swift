#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)` says of a file that changes whenever the file is replaced or written: its device
/// and inode, size, and the times of its last change. Two equal stamps taken at different times
/// mean, in practice, the same unchanged file; how a world knows, with one system call, that the
/// certificate authority it opened is still the one on the disk.
public struct FileStamp: Hashable, Sendable {
  private let device: UInt64
  private let inode: UInt64
  private let size: Int64
  private let modified: Int64
  private let modifiedNanoseconds: Int64
  private let changed: Int64
  private let changedNanoseconds: Int64

  /// The stamp of the file at `path` (links followed), or `nil` when it cannot be read.
  public static func of(_ path: String) -> FileStamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #else
      let (modified, changed) = (status.st_mtim, status.st_ctim)
    #endif
    return FileStamp(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
      modified: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
      changed: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec))
  }
}
