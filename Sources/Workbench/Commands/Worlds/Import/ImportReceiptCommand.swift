import ArgumentParser
import Simulation

/// `import receipt FILE`.
struct ImportReceiptCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "receipt",
    abstract: "Import an app receipt (DER or base64), Apple-signed or storebench-signed.",
    discussion: """
      The signature is checked against --trust roots (Apple's root for a real receipt) at the \
      receipt's creation date. The world gets the receipt's app, environment, every in-app entry with \
      its own ids and dates, and the clock at the receipt's creation date.
      """)

  @OptionGroup var options: ImportArtifactOptions

  func validate() throws {
    try requireNonEmpty(options.file, "the file name")
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    let source = options.source("receipt", in: session)
    let bytes = try ImportInput.receiptBytes(
      try ImportInput.bytes(options.file, as: .receipt, in: session), source: source)
    let trust = try options.importTrust(in: session)
    try session.importArtifact(
      { try ReceiptImport.read(bytes, source: source, trust: trust) }, options: options)
  }
}
