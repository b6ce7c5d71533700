import Foundation
import Simulation
import SystemIO
import Vocabulary

extension Session {
  /// Writes the world to a saved world's file, atomically (``StagedFile``).
  ///
  /// - Parameter path: the file, relative to ``baseDirectory``.
  /// - Throws: ``WorkbenchError`` naming the file and what failed.
  /// - Returns: How many bytes were written.
  @discardableResult
  public func saveWorld(to path: String) throws(WorkbenchError) -> Int {
    let bytes: [UInt8]
    do {
      bytes = try WorldFile.encode(world)
    } catch {
      throw WorkbenchError(.file, "\(shown(path)): cannot save the world: \(error)")
    }
    try write(bytes, to: path)
    return bytes.count
  }

  /// Replaces the world with one read from a saved world's file. The session's certificate
  /// authority signs from now on; when it is not the one the world was saved with, the returned
  /// note says so.
  ///
  /// - Parameter path: the file, relative to ``baseDirectory``.
  /// - Throws: ``WorkbenchError`` naming the file and the JSON path at fault; the world is then
  ///   unchanged.
  /// - Returns: A note about the certificate authority, when it differs.
  @discardableResult
  public func loadWorld(from path: String) throws(WorkbenchError) -> String? {
    try loadWorld(try read(path, as: .savedWorld), from: path)
  }

  /// Replaces the world with one decoded from a saved world's bytes, already read from `path`
  /// (``loadWorld(from:)``, which names `path` in its errors and notes).
  func loadWorld(_ bytes: [UInt8], from path: String) throws(WorkbenchError) -> String? {
    let saved: SavedWorld
    let loaded: World
    do {
      saved = try WorldFile.decode(bytes)
      loaded = try World(
        restoring: saved, log: world.log, authorityDirectory: world.configuredAuthorityDirectory)
    } catch {
      if let position = error.position {
        throw WorkbenchError(
          .file, error.reason,
          at: SourceLocation(file: shown(path), position: position))
      }
      throw WorkbenchError(.file, "\(shown(path)): \(error)")
    }
    let note = authorityNote(saved: saved, loaded: loaded)
    loaded.monitor = world.monitor
    loaded.notificationTransport = world.notificationTransport
    loaded.rotatesPrivately = world.rotatesPrivately
    world.removePrivateAuthority()
    world = loaded
    catalogSource = path
    catalogCameWithWorld = true
    return note
  }

  /// What to tell the user when the world now signs with another certificate authority than the
  /// one it was saved with.
  private func authorityNote(saved: SavedWorld, loaded: World) -> String? {
    let current: AuthorityReference
    do {
      current = try loaded.authorityReference()
    } catch {
      return "note: \(error)"
    }
    guard current.rootFingerprint != saved.authorityRootFingerprint else { return nil }
    return
      "note: the world was saved with the certificate authority at \(saved.authorityDirectory) "
      + "(root SHA-256 \(saved.authorityRootFingerprint)); it now signs with the one at \(current.directory) "
      + "(root SHA-256 \(current.rootFingerprint)): receipts and JWS from before verify only against the saved root"
  }
}
