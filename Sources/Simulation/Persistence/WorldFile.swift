import Catalog
import Foundation
import JSON
import Vocabulary

/// A saved world's file: versioned JSON (`"format": "storebench-world", "version": 1`) holding the
/// catalog in the native catalog format and everything else that defines the world.
/// `docs/saved-worlds.md` documents every key.
public enum WorldFile {
  /// The `format` every saved world's file declares.
  public static let format = "storebench-world"
  /// The version this storebench writes; older versions migrate, newer ones are refused.
  public static let version = 1

  /// The file's bytes for a world between two commands: two-space indented JSON ending with a
  /// line break, the same world always giving the same bytes.
  ///
  /// - Throws: ``WorldFileError`` when the world is in the middle of something (callbacks waiting)
  ///   or the certificate authority cannot be opened.
  public static func encode(_ world: World) throws(WorldFileError) -> [UInt8] {
    let contents = WorldFileContents(catalog: world.store.catalog.document, snapshot: try world.snapshot())
    do {
      return Array((try OrderedJSONEncoder().encode(contents) + "\n").utf8)
    } catch {
      throw WorldFileError(path: "", reason: "cannot write the world as JSON (\(error))")
    }
  }

  /// Reads and checks a saved world's file, migrating an older version.
  ///
  /// - Parameter migration: the migration steps (tests give their own).
  /// - Throws: ``WorldFileError`` naming the line and column of broken JSON, or the JSON path of a
  ///   missing, mistyped or inconsistent value, an unknown format, or a version newer than
  ///   ``version``.
  static func decode(_ bytes: [UInt8], migration: WorldFileMigration) throws(WorldFileError) -> SavedWorld {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      var failure = WorldFileError(path: "", reason: "not JSON: \(error.reason)")
      failure.position = TextPosition(line: error.line, column: error.column)
      throw failure
    }
    let version = try checkHeader(of: document)
    let current = try migration.migrate(document, from: version)
    let catalog = try readCatalog(current)
    let snapshot: WorldSnapshot
    do {
      let text =
        version == Self.version
        ? bytes : Array(try OrderedJSONEncoder(isCompact: true).encode(JSONDocument(current)).utf8)
      snapshot = try JSONDecoder().decode(WorldSnapshot.self, from: Data(text))
    } catch let error as DecodingError {
      throw WorldFileError(decoding: error)
    } catch {
      throw WorldFileError(path: "", reason: "\(error)")
    }
    return SavedWorld(catalog: catalog, snapshot: snapshot)
  }

  /// Reads and checks a saved world's file, migrating an older version.
  ///
  /// - Throws: ``WorldFileError`` as ``decode(_:migration:)`` does.
  public static func decode(_ bytes: [UInt8]) throws(WorldFileError) -> SavedWorld {
    try decode(bytes, migration: .standard)
  }

  /// The file's version, once its format is known and its version not newer than this storebench's.
  private static func checkHeader(of document: JSONValue) throws(WorldFileError) -> Int {
    guard case .object(let members) = document else {
      throw WorldFileError(path: "", reason: "expected an object, found \(document.quoted)")
    }
    let value = { (key: String) in members.first { $0.key == key }?.value }
    guard case .string(format) = value("format") else {
      throw WorldFileError(path: "format", reason: "not a saved world (format must be \"\(format)\")")
    }
    guard case .number(let text) = value("version"), let version = Int(text), version >= 0 else {
      throw WorldFileError(path: "version", reason: "expected a whole number")
    }
    guard version <= Self.version else {
      throw WorldFileError(
        path: "version",
        reason: "version \(version) was written by a newer storebench (this one reads up to \(Self.version))")
    }
    return version
  }

  private static func readCatalog(_ document: JSONValue) throws(WorldFileError) -> Catalog {
    guard case .object(let members) = document, let catalog = members.first(where: { $0.key == "catalog" })
    else { throw WorldFileError(path: "catalog", reason: "missing") }
    do {
      return try CatalogLoader.catalog(from: catalog.value, path: "catalog")
    } catch {
      throw WorldFileError(path: error.location, reason: error.reason)
    }
  }
}
