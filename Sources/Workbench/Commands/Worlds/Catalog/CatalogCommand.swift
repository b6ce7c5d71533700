import ArgumentParser
import Catalog
import Store

/// `catalog`, `catalog load FILE` and `catalog export FILE`.
struct CatalogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "catalog",
    abstract: "Show the catalog in use, or load another.",
    subcommands: [Show.self, Load.self, Export.self],
    defaultSubcommand: Show.self)
}
