import Catalog
import JSON

/// What a saved world's file holds, written in its order: `format`, `version`, `catalog`, then
/// the world's keys.
struct WorldFileContents: Encodable {
  var catalog: JSONValue
  var snapshot: WorldSnapshot

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DocumentKey.self)
    try container.encode(WorldFile.format, forKey: DocumentKey("format"))
    try container.encode(WorldFile.version, forKey: DocumentKey("version"))
    try container.encode(JSONDocument(catalog), forKey: DocumentKey("catalog"))
    try snapshot.encode(to: encoder)
  }
}
