import Catalog
import JSON

/// How a saved world written by an older storebench is brought to the current version before it
/// is read: one step per version, each rewriting the parsed document to the next version's shape.
///
/// Policy: a file's `version` never exceeds ``WorldFile/version`` when read (newer files are
/// refused); each format change adds a step from the version before it, so any older file migrates
/// step by step. Version 1 is the first, so ``standard`` has no step yet.
struct WorldFileMigration: Sendable {
  /// Rewrites a document of version `n` (the key) to version `n + 1`.
  typealias Step = @Sendable (JSONValue) throws(WorldFileError) -> JSONValue

  /// The steps, by the version they start from.
  var steps: [Int: Step]

  /// The steps of this storebench.
  static let standard = WorldFileMigration(steps: [:])

  /// The document brought from `version` to ``WorldFile/version``.
  ///
  /// - Throws: ``WorldFileError`` at `version` when no step leads on from a version.
  func migrate(_ document: JSONValue, from version: Int) throws(WorldFileError) -> JSONValue {
    var document = document
    for from in version..<WorldFile.version {
      guard let step = steps[from] else {
        throw WorldFileError(
          path: "version",
          reason: "version \(from) files cannot be read by this storebench (no migration to \(from + 1))")
      }
      document = try step(document)
    }
    return document
  }
}
