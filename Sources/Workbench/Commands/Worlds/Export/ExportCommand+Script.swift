import ArgumentParser
import Foundation
import Store

extension ExportCommand {
  /// `export script FILE [--redact]`: a regression script for the current world.
  struct Script: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a script that rebuilds the world from an empty one and expects its state.",
      discussion: """
        The script loads the catalog (written beside it as NAME.catalog.json), sets the switches that \
        differ from a fresh world's, sets the clock, adds accounts and devices, states each customer's \
        app, transactions and renewal state with `import app|transaction|renewal` lines, and ends with \
        `expect` lines pinning subscriptions, history and the clock. What no command rebuilds (unfinished \
        transactions, app storage, downloads, receipts, notifications sent, refund requests, API keys) is \
        listed as `# not reproduced:` and printed. --redact replaces transaction ids, web order line item \
        ids, app account tokens, account and device names, the app's Apple ID, notification hosts and \
        the shared secret with consistent stand-ins; dates, products and prices stay. Files are written \
        atomically; a relative path is written beside the script that exports.
        """)

    @Argument(help: "The script to write, such as customer.storebench.", completion: .file())
    var file: String

    @Flag(help: "Replace customer identifiers with consistent stand-ins, so the script can be committed.")
    var redact = false

    func validate() throws {
      try requireNonEmpty(file, "the file name")
    }

    func execute(in session: Session) throws {
      let catalogFile = ScriptExport.catalogPath(forScript: file)
      let catalogName = URL(fileURLWithPath: catalogFile).lastPathComponent
      let scriptName = URL(fileURLWithPath: file).lastPathComponent
      let export = try ScriptExport(
        world: session.world, scriptName: scriptName, catalogFile: catalogName, redact: redact)
      try session.write(
        Array(ScriptExport.catalogText(of: session.world.store.catalog).utf8), to: catalogFile)
      try session.write(Array(export.text.utf8), to: file)
      session.print("script written to \(session.shown(file)), catalog to \(session.shown(catalogFile))")
      if let summary = export.redactionSummary { session.print(summary) }
      if export.assumedPrices > 0 {
        session.print(
          "prices unknown: \(Wording.plural(export.assumedPrices, "transaction")) state none (`# \(PurchaseRecord.assumedPriceWords)`), so the script assumes the catalog's again"
        )
      }
      for what in export.notReproduced { session.print("not reproduced: \(what)") }
    }
  }
}
