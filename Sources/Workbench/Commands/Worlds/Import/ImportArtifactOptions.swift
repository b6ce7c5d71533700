import ArgumentParser
import Simulation

/// What every `import KIND FILE` takes: the file, the roots to trust, whether unverified data may
/// come in, and which side wins a conflict.
struct ImportArtifactOptions: ParsableArguments {
  @Argument(help: "The file (- for standard input).", completion: .file())
  var file: String

  @Option(
    help: "A root certificate to trust (DER or PEM; repeat for several). Default: storebench's own root.",
    completion: .file())
  var trust: [String] = []

  @Flag(help: "Import data whose signature does not verify, saying so.")
  var unverified = false

  @Option(help: "Which side wins a conflict with what the world holds: world or incoming.")
  var prefer: ConflictPreference?

  /// The trust the options describe.
  func importTrust(in session: Session) throws(WorkbenchError) -> ImportTrust {
    ImportTrust(roots: try TrustRoots.load(trust, in: session), allowsUnverified: unverified)
  }

  /// `receipt FILE` (or `receipt standard input`), for messages, the file as the session shows it.
  func source(_ kind: String, in session: Session) -> String {
    "\(kind) \(file == "-" ? "standard input" : session.shown(file))"
  }
}

extension Session {
  /// Merges an artifact's data and prints what the import did.
  ///
  /// - Parameter writesReceipt: whether the data came from the customer's device (a receipt, or a
  ///   verifyReceipt answer to one), which then holds a receipt of the records as they are now.
  func importArtifact(
    _ read: () throws -> CustomerData, options: ImportArtifactOptions, writesReceipt: Bool = true
  ) throws {
    let data: CustomerData
    do {
      data = try read()
    } catch let error as ImportError {
      throw WorkbenchError(.invalidValue, error.description)
    }
    let report: ImportReport
    do {
      report = try world.importCustomer(data, preference: options.prefer, writesReceipt: writesReceipt)
    } catch {
      throw WorkbenchError(.invalidValue, error.description)
    }
    print("imported \(data.source): \(report.transactionSummary)")
    print(lines: report.detailLines)
    if let prices = report.prices.line { print("  " + prices) }
    print(lines: report.subscriptions.map { "  " + $0 })
  }
}
