import Catalog
import Foundation
import JSON
import Simulation
import Store

/// A storebench script that rebuilds a world from an empty one with ordinary commands (its
/// switches, accounts and devices, and each customer's facts as `import app|transaction|renewal`
/// lines), then pins the world's state with `expect` lines: what `export script` writes.
///
/// Making one is a pure function of the world: the same world always gives the same text.
struct ScriptExport {
  /// The script's text, ending with a line break.
  let text: String
  /// What the script cannot rebuild, one line each (also in the script as `# not reproduced:`).
  let notReproduced: [String]
  /// `redacted: N transaction ids, …` when identifiers were replaced.
  let redactionSummary: String?
  /// How many transactions' prices the world only assumed: their lines state no price and say so.
  let assumedPrices: Int

  /// Writes the script for a world.
  ///
  /// - Parameters:
  ///   - world: the world, between two commands.
  ///   - scriptName: the script's file name, for the header's `storebench run` hint.
  ///   - catalogFile: the catalog file the script loads, relative to the script's directory.
  ///   - redact: whether customer identifiers are replaced (see ``Redaction``).
  /// - Throws: ``WorkbenchError`` when the world's catalog does not read back from its own document.
  init(world: World, scriptName: String, catalogFile: String, redact: Bool) throws(WorkbenchError) {
    let baseline = try Self.freshWorld(like: world)
    let redaction = redact ? Redaction(redacting: world, baseline: baseline) : .none
    var builder = ScriptBuilder(world: world, baseline: baseline, redaction: redaction)
    builder.writeHeader(scriptName: scriptName)
    builder.command("catalog", "load", catalogFile)
    builder.writeSettings()
    builder.writeClock()
    builder.writeAccountsAndDevices()
    builder.writeCustomers()
    builder.writePlacement()
    builder.writeClockExpectation()
    builder.writeUnreproduced()
    var lines = builder.lines
    while lines.last?.isEmpty == true { lines.removeLast() }
    text = lines.joined(separator: "\n") + "\n"
    notReproduced = builder.notReproduced
    redactionSummary = redaction.summary
    assumedPrices = world.store.allAccounts.reduce(0) { count, account in
      count + account.history.count(where: \.isPriceAssumed)
    }
  }

  /// The catalog file written beside a script: `customer.storebench` gives `customer.catalog.json`.
  static func catalogPath(forScript path: String) -> String {
    let suffix = ".storebench"
    let stem = path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path
    return stem + ".catalog.json"
  }

  /// The catalog's text in storebench's native format, as the script's `catalog load` reads it.
  static func catalogText(of catalog: Catalog) -> String {
    JSONText.xcodeStyle(catalog.document) + "\n"
  }

  /// The world a script starts from once it has loaded the exported catalog: what settings are
  /// compared against.
  private static func freshWorld(like world: World) throws(WorkbenchError) -> World {
    let catalog: Catalog
    do {
      catalog = try CatalogLoader.catalog(from: world.store.catalog.document, path: "catalog")
    } catch {
      throw WorkbenchError(
        .notAllowed, "export script: the catalog does not read back from its own document: \(error)")
    }
    return World(catalog: catalog, log: EventLog(), authorityDirectory: world.configuredAuthorityDirectory)
  }
}
