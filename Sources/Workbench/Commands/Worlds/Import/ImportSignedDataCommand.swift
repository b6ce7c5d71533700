import ArgumentParser
import Simulation

/// `import jws FILE`.
struct ImportSignedDataCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "jws",
    abstract:
      "Import signed transactions, renewal infos, notifications or saved App Store Server API answers.",
    discussion: """
      FILE holds compact JWS (one or more), a notification body ({"signedPayload": …}), or an App \
      Store Server API answer (transaction history, subscription statuses, transaction info). Each \
      signature is checked against --trust roots at the payload's own signedDate. Signed data comes \
      from the app's server, not the device: the device's receipt stays as it was.
      """)

  @OptionGroup var options: ImportArtifactOptions

  func validate() throws {
    try requireNonEmpty(options.file, "the file name")
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    let source = options.source("jws", in: session)
    let text = String(
      decoding: try ImportInput.bytes(options.file, as: .serverData, in: session), as: UTF8.self)
    let trust = try options.importTrust(in: session)
    try session.importArtifact(
      { try SignedDataImport.read(text, source: source, trust: trust) }, options: options,
      writesReceipt: false)
  }
}
