import Catalog

/// A saved world's file, read and checked: its catalog and everything else. ``World``'s
/// `init(restoring:log:authorityDirectory:)` turns it into a running world.
public struct SavedWorld {
  /// The catalog the file embeds.
  public let catalog: Catalog
  /// The rest of the world.
  let snapshot: WorldSnapshot

  /// The certificate authority the world was saved with: its directory and root fingerprint.
  public var authorityDirectory: String { snapshot.authority.directory }
  /// The SHA-256 fingerprint of the saved authority's root certificate.
  public var authorityRootFingerprint: String { snapshot.authority.rootFingerprint }
}
