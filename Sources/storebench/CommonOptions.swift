import ArgumentParser
import Simulation
import Store
import Workbench

/// Options every subcommand takes.
struct CommonOptions: ParsableArguments {
  @Option(help: "The catalog file (default: $STOREBENCH_CATALOG, else the built-in default catalog).")
  var catalog: String?

  @Option(help: "Output as text lines or JSON lines.")
  var format: OutputFormat = .text

  @Option(
    help:
      "The certificate authority's directory (default: $STOREBENCH_CA_DIR, else $XDG_DATA_HOME/storebench/ca)."
  )
  var caDir: String?

  /// A runner over the chosen catalog, or a clean exit with the catalog's error.
  ///
  /// - Parameter identity: the seed of each script's world.
  func makeRunner(
    keepGoing: Bool = false, echoCommands: Bool = false, identity: WorldIdentity = .scripted
  ) throws -> ScriptRunner {
    do {
      let located = try CatalogLocator.load(path: catalog)
      for note in StoreKitSettingsPlan(catalog: located.catalog).notes {
        Console.error("note: \(located.source): \(note)")
      }
      var options = ScriptRunner.Options(
        keepGoing: keepGoing, echoCommands: echoCommands, format: format, caDirectory: caDir,
        services: ProcessServices.services)
      options.identity = identity
      return ScriptRunner(catalog: located.catalog, catalogSource: located.source, options: options)
    } catch {
      Console.failure(error, code: .catalog, format: format)
      throw ExitCode.failure
    }
  }
}

extension OutputFormat: ExpressibleByArgument {}
