import Foundation

/// A certificate authority's place on disk, and how it is created, rotated and repaired so that a
/// crash at any instant leaves the old authority or the new one, never a mix of the two.
///
/// For an authority directory `PARENT/NAME`:
///
/// ```
/// PARENT/.NAME.lock          the lock (flock): readers hold it shared, writers exclusive; it stays
/// PARENT/NAME/               the authority: its eight PEM files
/// PARENT/.NAME.tmp-XXXXXX/   a new authority being written; never read
/// PARENT/.NAME.old-XXXXXX/   the authority a rotation moved aside, until it is removed
/// ```
///
/// **Writing** (creation, rotation, repair) holds the lock exclusively from start to end. The eight
/// files are written into a new temporary directory beside `NAME`, so in the same file system, each
/// flushed to disk (`fsync`), then the directory itself; only then is it named. The current `NAME`,
/// if there is one, is renamed aside, the temporary directory is renamed to `NAME`, `PARENT` is
/// flushed, and what was moved aside is removed. Renaming the whole directory is the one step that
/// puts all eight files in place together; replacing them file by file, as versions before this
/// one did, could leave a mix.
///
/// **Reading** holds the lock shared while it reads the eight files, so it never falls between the
/// two renames of a rotation: it gets all of the old authority or all of the new. (A program that
/// reads `NAME` without the lock, such as OpenSSL given `root.pem`, may find no `NAME` for that
/// instant, but never a mix.)
///
/// **Recovery.** A crash (or `kill -9`) at any step leaves one of the states below, which the next
/// open or rotation puts right under the exclusive lock before anything else:
/// - `NAME` missing and a directory moved aside: the rotation had not finished. The old authority
///   is renamed back, so the rotation has no effect.
/// - Temporary directories (never in place), and directories moved aside while `NAME` exists:
///   removed.
/// - `.FILE.tmp-N` files in `NAME`, which versions before this one left when stopped while writing:
///   removed. If `NAME` then does not load as one complete authority, the stopped command was
///   creating or rotating it, and a new authority replaces it, as that command would have done.
/// - `NAME` with missing files, or files that are not one authority, and no such trace: nothing is
///   touched (the files may be someone's to restore). Opening reports the file at fault, and
///   ``rotate(now:)``, which replaces whatever `NAME` holds, repairs it.
///
/// `NAME` holds only the authority's files: creation and rotation refuse to replace a directory
/// that holds anything else (`foreign-files`), rather than lose it.
public struct AuthorityDirectory: Sendable {
  /// The authority's directory, `PARENT/NAME`; when the given path is a symbolic link, where it points.
  public let url: URL

  /// The authority's place.
  ///
  /// - Parameter url: The directory; it need not exist.
  public init(_ url: URL) {
    self.url = Self.followingLink(url)
  }

  /// Opens the authority, after putting right what an interrupted writer left, and creates it when
  /// the directory holds none.
  ///
  /// - Parameters:
  ///   - now: The current (virtual) time; a new authority's validity is widened to include it.
  ///   - cached: An authority opened from this directory before: returned as it is, without reading
  ///     the keys again, while the directory's `root.pem` is still its root (every new authority has
  ///     a new root).
  /// - Throws: `CertificateAuthorityError` naming the file or directory at fault: some files are
  ///   missing, unreadable or malformed, they do not form one authority, or writing fails.
  /// - Returns: The authority.
  public func open(
    now: Date, reusing cached: CertificateAuthority? = nil
  ) throws(CertificateAuthorityError) -> CertificateAuthority {
    let undisturbed = try AuthorityFiles.holdingLock(lockFile, .shared) {
      () throws(CertificateAuthorityError) -> CertificateAuthority? in
      try readUndisturbed(reusing: cached)
    }
    if let undisturbed { return undisturbed }
    return try AuthorityFiles.holdingLock(lockFile, .exclusive) {
      () throws(CertificateAuthorityError) -> CertificateAuthority in
      switch try recover() {
      case .authority:
        return try CertificateAuthority.load(from: url)
      case .nothing, .interruptedWrite:
        let authority = try CertificateAuthority.generate(in: url, now: now)
        try install(authority)
        return authority
      case .incomplete(let missing):
        throw CertificateAuthorityError(
          .incompleteAuthority, path: url.path,
          "missing \(missing.joined(separator: ", ")) (restore them, or rotate to replace the authority)")
      }
    }
  }

  /// Replaces whatever the directory holds (an authority, nothing, a broken authority) by a new
  /// authority.
  ///
  /// - Parameter now: The current (virtual) time; validity is widened to include it.
  /// - Throws: `CertificateAuthorityError` when generation or writing fails, or the directory holds
  ///   files that are not the authority's.
  /// - Returns: The new authority.
  public func rotate(now: Date) throws(CertificateAuthorityError) -> CertificateAuthority {
    // Generated before locking, so that readers wait only while it is written.
    let authority = try CertificateAuthority.generate(in: url, now: now)
    try AuthorityFiles.holdingLock(lockFile, .exclusive) { () throws(CertificateAuthorityError) in
      _ = try recover()
      try install(authority)
    }
    return authority
  }

  /// The lock, beside the directory: `PARENT/.NAME.lock`.
  var lockFile: URL { sibling(".\(url.lastPathComponent).lock") }

  /// A path beside the directory.
  func sibling(_ name: String) -> URL {
    url.deletingLastPathComponent().appendingPathComponent(name)
  }

  /// The directory a symbolic link points to, or the path itself when it is not a link.
  private static func followingLink(_ url: URL) -> URL {
    guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else {
      return url
    }
    return URL(fileURLWithPath: destination, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
  }
}
