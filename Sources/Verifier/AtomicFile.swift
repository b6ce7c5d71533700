import Foundation
import SystemIO

/// The certificate authority's files: its directory, files read as text, and files written so that
/// readers see either the old contents or the new, never a partial file (``StagedFile``).
enum AtomicFile {
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
  ) throws(CertificateAuthorityError) -> StagedFile {
    do {
      return try StagedFile.stage(bytes, at: destination.path, mode: mode)
    } catch {
      throw failure(error)
    }
  }

  /// Renames a staged file over its destination.
  ///
  /// - Throws: `writeFailed` naming the destination.
  static func commit(_ staged: StagedFile) throws(CertificateAuthorityError) {
    do {
      try staged.commit()
    } catch {
      throw failure(error)
    }
  }

  /// Removes a staged file that will not be committed.
  static func discard(_ staged: StagedFile) {
    staged.discard()
  }

  private static func failure(_ error: StagedFile.WriteError) -> CertificateAuthorityError {
    CertificateAuthorityError(.writeFailed, path: error.path, error.description)
  }
}
