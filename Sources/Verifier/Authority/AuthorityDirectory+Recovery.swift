import Foundation
import SystemIO

extension AuthorityDirectory {
  /// What the directory holds once recovery has put right what a writer left.
  enum Holding: Equatable {
    /// No directory, or none of the authority's files.
    case nothing
    /// All eight files (not yet checked to form one authority).
    case authority
    /// Some of the files, these missing.
    case incomplete(missing: [String])
    /// What a version before this one left when stopped while creating or rotating: not one
    /// complete authority, to be replaced.
    case interruptedWrite
  }

  /// A directory's entries, sorted into the authority's files, the temporary files versions
  /// before this one wrote beside them (`.root.pem.tmp-1234`), and anything else.
  struct Listing {
    var files: [String] = []
    var oldTemporaries: [String] = []
    var foreign: [String] = []

    init(_ names: [String]) {
      for name in names {
        if CertificateAuthority.fileNames.contains(name) {
          files.append(name)
        } else if CertificateAuthority.fileNames.contains(where: { name.hasPrefix(".\($0).tmp-") }) {
          oldTemporaries.append(name)
        } else {
          foreign.append(name)
        }
      }
    }

    /// The authority's files that are not there.
    var missing: [String] { CertificateAuthority.fileNames.filter { !files.contains($0) } }
  }

  /// The temporary directories of writers: `.NAME.tmp-` followed by six characters.
  var temporaryPrefix: String { ".\(url.lastPathComponent).tmp-" }
  /// The directories rotations moved aside: `.NAME.old-` followed by a random suffix.
  var asidePrefix: String { ".\(url.lastPathComponent).old-" }

  /// Under the shared lock: the authority, when the directory holds all of its files and no writer
  /// left anything to put right; `nil` when the exclusive lock is needed to look further.
  ///
  /// - Parameter cached: An authority opened here before, returned when `root.pem` is still its root.
  func readUndisturbed(
    reusing cached: CertificateAuthority?
  ) throws(CertificateAuthorityError)
    -> CertificateAuthority?
  {
    let rootFile = url.appendingPathComponent(CertificateRole.root.certificateFileName)
    if let cached, (try? FileReader.read(rootFile.path, as: .authority)) == cached.exportRoot(format: .pem) {
      return cached
    }
    let listing = Listing(try AuthorityFiles.entries(of: url))
    guard try leftovers().isEmpty, listing.oldTemporaries.isEmpty, listing.missing.isEmpty else { return nil }
    return try CertificateAuthority.load(from: url)
  }

  /// Under the exclusive lock: puts right what an interrupted writer left (see ``AuthorityDirectory``)
  /// and says what the directory holds then.
  func recover() throws(CertificateAuthorityError) -> Holding {
    var leftovers = try leftovers()
    let isMissing = try !AuthorityFiles.isDirectory(url)
    if isMissing, let aside = leftovers.first(where: { $0.hasPrefix(asidePrefix) }) {
      try AuthorityFiles.move(sibling(aside), to: url)
      leftovers.removeAll { $0 == aside }
    }
    for leftover in leftovers {
      try AuthorityFiles.remove(sibling(leftover))
    }
    let listing = Listing(try AuthorityFiles.entries(of: url))
    guard !listing.oldTemporaries.isEmpty else {
      if listing.files.isEmpty { return .nothing }
      return listing.missing.isEmpty ? .authority : .incomplete(missing: listing.missing)
    }
    guard listing.missing.isEmpty, loads() else { return .interruptedWrite }
    for temporary in listing.oldTemporaries {
      try AuthorityFiles.remove(url.appendingPathComponent(temporary))
    }
    try AuthorityFiles.synchronize(url)
    return .authority
  }

  /// Writes a new authority and puts it in the place of whatever the directory holds: the write
  /// sequence whose steps ``CrashPoint`` counts.
  ///
  /// - Throws: `foreignFiles` when the directory holds files that are not the authority's;
  ///   `writeFailed` when a step fails, after undoing what it did.
  func install(_ authority: CertificateAuthority) throws(CertificateAuthorityError) {
    let foreign = Listing(try AuthorityFiles.entries(of: url)).foreign
    guard foreign.isEmpty else {
      throw CertificateAuthorityError(
        .foreignFiles, path: url.path,
        "holds \(foreign.joined(separator: ", ")), which are not the authority's; move them elsewhere")
    }
    let replaces = try AuthorityFiles.isDirectory(url)
    let aside = sibling(asidePrefix + String(UInt64.random(in: .min ... .max), radix: 36))
    var crash = CrashPoint()
    do {
      let temporary = try AuthorityFiles.makeUniqueDirectory(prefix: sibling(temporaryPrefix))
      crash.stepDone()
      for file in authority.files {
        try AuthorityFiles.create(
          file.contents, at: temporary.appendingPathComponent(file.name), mode: file.mode)
        crash.stepDone()
      }
      try AuthorityFiles.synchronize(temporary)
      crash.stepDone()
      if replaces {
        try AuthorityFiles.move(url, to: aside)
        crash.stepDone()
      }
      try AuthorityFiles.move(temporary, to: url)
      crash.stepDone()
      try AuthorityFiles.synchronize(url.deletingLastPathComponent())
      crash.stepDone()
      if replaces {
        try AuthorityFiles.remove(aside)
        crash.stepDone()
      }
    } catch {
      _ = try? recover()  // renames back what was moved aside, removes what was written
      throw error
    }
  }

  /// The names beside the directory that writers left: temporary and moved-aside directories.
  private func leftovers() throws(CertificateAuthorityError) -> [String] {
    try AuthorityFiles.entries(of: url.deletingLastPathComponent()).filter {
      $0.hasPrefix(temporaryPrefix) || $0.hasPrefix(asidePrefix)
    }
  }

  /// Whether the directory's files load as one authority.
  private func loads() -> Bool {
    do {
      _ = try CertificateAuthority.load(from: url)
      return true
    } catch {
      return false
    }
  }
}
