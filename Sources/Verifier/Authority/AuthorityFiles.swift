import Foundation
import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system operations the authority's directory is read and written with. The writes are
/// SystemIO's durable steps (``StagedFile``): each file and directory is flushed to disk (`fsync`)
/// before it is given its final name, and names change only by `rename`, which is atomic within a
/// file system. Every failure is a ``CertificateAuthorityError`` naming the path.
enum AuthorityFiles {
  /// Creates a directory and its parents if it does not exist.
  ///
  /// - Throws: `notADirectory` when the path is a file or cannot be created.
  static func ensureDirectory(_ directory: URL) throws(CertificateAuthorityError) {
    if try isDirectory(directory) { return }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw CertificateAuthorityError(
        .notADirectory, path: directory.path, "cannot create directory: \(error)")
    }
  }

  /// Whether a directory is there.
  ///
  /// - Returns: `false` when nothing is there.
  /// - Throws: `notADirectory` when something other than a directory is there.
  static func isDirectory(_ url: URL) throws(CertificateAuthorityError) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return false }
    guard isDirectory.boolValue else {
      throw CertificateAuthorityError(.notADirectory, path: url.path, "exists and is not a directory")
    }
    return true
  }

  /// The names of a directory's entries, sorted; none when it does not exist.
  ///
  /// - Throws: `notADirectory` when the path is something else, `unreadableFile` when it cannot
  ///   be listed.
  static func entries(of directory: URL) throws(CertificateAuthorityError) -> [String] {
    guard try isDirectory(directory) else { return [] }
    do {
      return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    } catch {
      throw CertificateAuthorityError(.unreadableFile, path: directory.path, "cannot list: \(error)")
    }
  }

  /// Reads a whole file of the authority's directory as UTF-8 text: a regular file of at most
  /// ``FileFormat/authority``'s limit.
  ///
  /// - Throws: `unreadableFile` when the file cannot be read, `malformedFile` when it is not UTF-8.
  static func readText(_ url: URL) throws(CertificateAuthorityError) -> String {
    let data: [UInt8]
    do {
      data = try FileReader.read(url.path, as: .authority)
    } catch {
      throw CertificateAuthorityError(.unreadableFile, path: url.path, "\(error)")
    }
    guard let text = String(bytes: data, encoding: .utf8) else {
      throw CertificateAuthorityError(.malformedFile, path: url.path, "not UTF-8 text")
    }
    return text
  }

  /// Creates a new directory (mode 0700) named `prefix` followed by six random characters.
  ///
  /// - Throws: `writeFailed` naming the prefix.
  static func makeUniqueDirectory(prefix: URL) throws(CertificateAuthorityError) -> URL {
    URL(
      fileURLWithPath: try writing { () throws(StagedFile.WriteError) in
        try StagedFile.makeUniqueDirectory(prefix: prefix.path)
      })
  }

  /// Writes bytes to a new file, created with its final mode, and flushes them to disk.
  ///
  /// - Parameters:
  ///   - bytes: The file contents.
  ///   - url: The file, which must not exist.
  ///   - mode: The permission bits the file is created with, such as 0o600 for private keys.
  /// - Throws: `writeFailed` naming the file.
  static func create(_ bytes: [UInt8], at url: URL, mode: mode_t) throws(CertificateAuthorityError) {
    try writing { () throws(StagedFile.WriteError) in try StagedFile.create(bytes, at: url.path, mode: mode) }
  }

  /// Flushes a directory's entries to disk, so that the names created or renamed in it last (one
  /// policy with every other writer: ``StagedFile/synchronizeDirectory(_:)``).
  ///
  /// - Throws: `writeFailed` naming the directory.
  static func synchronize(_ directory: URL) throws(CertificateAuthorityError) {
    try writing { () throws(StagedFile.WriteError) in try StagedFile.synchronizeDirectory(directory.path) }
  }

  /// Renames a file or directory, replacing what `destination` names if that is a file or an
  /// empty directory.
  ///
  /// - Throws: `writeFailed` naming the destination.
  static func move(_ source: URL, to destination: URL) throws(CertificateAuthorityError) {
    try writing { () throws(StagedFile.WriteError) in try StagedFile.move(source.path, to: destination.path) }
  }

  /// Runs `body` holding the lock on `file` (``FileLock``), creating its directory if missing.
  ///
  /// - Throws: `notADirectory` or `writeFailed` naming the lock; what `body` throws.
  /// - Returns: What `body` returns.
  static func holdingLock<T>(
    _ file: URL, _ mode: FileLock.Mode, _ body: () throws(CertificateAuthorityError) -> T
  ) throws(CertificateAuthorityError) -> T {
    try ensureDirectory(file.deletingLastPathComponent())
    return try FileLock.holding(file.path, mode, failure: writeFailed, body)
  }

  /// Removes a file or a directory with everything in it.
  ///
  /// - Throws: `writeFailed` naming it.
  static func remove(_ url: URL) throws(CertificateAuthorityError) {
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      throw CertificateAuthorityError(.writeFailed, path: url.path, "cannot remove: \(error)")
    }
  }

  /// Runs a SystemIO write, its failure as `writeFailed` naming the path.
  private static func writing<T>(
    _ body: () throws(StagedFile.WriteError) -> T
  ) throws(CertificateAuthorityError) -> T {
    do {
      return try body()
    } catch {
      throw writeFailed(error)
    }
  }

  private static func writeFailed(_ error: StagedFile.WriteError) -> CertificateAuthorityError {
    CertificateAuthorityError(.writeFailed, path: error.path, error.description)
  }
}
