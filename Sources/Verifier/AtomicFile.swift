import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files written so that readers see either the old contents or the new, never a partial file: the
/// bytes go to a temporary file in the same directory, created with its final mode, flushed, then
/// renamed over the destination.
enum AtomicFile {
  /// A file written to its temporary name, waiting to be renamed into place.
  struct Staged {
    var temporary: URL
    var destination: URL
  }

  /// Creates a directory (mode 0700) if it does not exist.
  ///
  /// - Throws: `notADirectory` when the path is a file or cannot be created.
  static func ensureDirectory(_ directory: URL) throws(CertificateAuthorityError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw CertificateAuthorityError(.notADirectory, path: directory.path, "exists and is not a directory")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CertificateAuthorityError(
        .notADirectory, path: directory.path, "cannot create directory: \(error)")
    }
  }

  /// Reads a whole file as UTF-8 text.
  ///
  /// - Throws: `unreadableFile` when the file cannot be read, `malformedFile` when it is not UTF-8.
  static func readText(_ url: URL) throws(CertificateAuthorityError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw CertificateAuthorityError(.unreadableFile, path: url.path, "\(error)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CertificateAuthorityError(.malformedFile, path: url.path, "not UTF-8 text")
    }
    return text
  }

  /// Writes bytes to a new temporary file next to the destination.
  ///
  /// - Parameters:
  ///   - bytes: The file contents.
  ///   - destination: Where the file will be renamed to.
  ///   - mode: The permission bits the file is created with, such as 0o600 for private keys.
  /// - Throws: `writeFailed` naming the temporary file.
  static func stage(
    _ bytes: [UInt8], at destination: URL, mode: mode_t
  ) throws(CertificateAuthorityError) -> Staged {
    let name = ".\(destination.lastPathComponent).tmp-\(UInt32.random(in: 0...UInt32.max))"
    let temporary = destination.deletingLastPathComponent().appendingPathComponent(name)
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw failure(temporary, "cannot create") }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        unlink(temporary.path)
        throw failure(temporary, "cannot write")
      }
      written += result
    }
    guard fsync(descriptor) == 0 else {
      unlink(temporary.path)
      throw failure(temporary, "cannot flush")
    }
    return Staged(temporary: temporary, destination: destination)
  }

  /// Renames a staged file over its destination.
  ///
  /// - Throws: `writeFailed` naming the destination.
  static func commit(_ staged: Staged) throws(CertificateAuthorityError) {
    guard rename(staged.temporary.path, staged.destination.path) == 0 else {
      throw failure(staged.destination, "cannot rename \(staged.temporary.lastPathComponent) into place")
    }
  }

  /// Removes a staged file that will not be committed.
  static func discard(_ staged: Staged) {
    unlink(staged.temporary.path)
  }

  private static func failure(_ url: URL, _ action: String) -> CertificateAuthorityError {
    CertificateAuthorityError(.writeFailed, path: url.path, "\(action): \(String(cString: strerror(errno)))")
  }
}
