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

  /// How a session starts, from these options: the catalog (its notes on standard error), the
  /// output format, the certificate authority's directory, and the process's services; or a clean
  /// exit with the catalog's error.
  ///
  /// - Parameter identity: the seed of the world's identifiers.
  func sessionOptions(identity: WorldIdentity = .scripted) throws -> SessionOptions {
    do {
      let located = try CatalogLocator.load(path: catalog)
      for note in StoreKitSettingsPlan(catalog: located.catalog).notes {
        Console.error("note: \(located.source): \(note)")
      }
      return SessionOptions(
        catalog: located.catalog, catalogSource: located.source, format: format, caDirectory: caDir,
        identity: identity, services: ProcessServices.services)
    } catch {
      Console.failure(error, code: .catalog, format: format)
      throw ExitCode.failure
    }
  }

  /// A runner over the chosen catalog, or a clean exit with the catalog's error.
  ///
  /// - Parameter identity: the seed of each script's world.
  func makeRunner(
    keepGoing: Bool = false, echoCommands: Bool = false, identity: WorldIdentity = .scripted
  ) throws -> ScriptRunner {
    ScriptRunner(try sessionOptions(identity: identity), keepGoing: keepGoing, echoCommands: echoCommands)
  }
}

extension OutputFormat: ExpressibleByArgument {}
