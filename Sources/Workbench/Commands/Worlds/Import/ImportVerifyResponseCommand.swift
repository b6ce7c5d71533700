import ArgumentParser
import Simulation

/// `import verify-response FILE`.
struct ImportVerifyResponseCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify-response",
    abstract: "Import a verifyReceipt JSON answer: in_app, latest_receipt_info, pending_renewal_info.")

  @OptionGroup var options: ImportArtifactOptions

  func validate() throws {
    try requireNonEmpty(options.file, "the file name")
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    let source = options.source("verify-response", in: session)
    let bytes = try ImportInput.bytes(options.file, as: .serverData, in: session)
    try session.importArtifact({ try VerifyResponseImport.read(bytes, source: source) }, options: options)
  }
}
