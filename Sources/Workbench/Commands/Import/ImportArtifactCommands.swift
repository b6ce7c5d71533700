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
    print(lines: report.subscriptions.map { "  " + $0 })
  }
}

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

  func execute(in session: Session) throws {
    let source = options.source("receipt", in: session)
    let bytes = try ImportInput.receiptBytes(try ImportInput.bytes(options.file, in: session), source: source)
    let trust = try options.importTrust(in: session)
    try session.importArtifact(
      { try ReceiptImport.read(bytes, source: source, trust: trust) }, options: options)
  }
}

/// `import verify-response FILE`.
struct ImportVerifyResponseCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify-response",
    abstract: "Import a verifyReceipt JSON answer: in_app, latest_receipt_info, pending_renewal_info.")

  @OptionGroup var options: ImportArtifactOptions

  func validate() throws {
    try requireNonEmpty(options.file, "the file name")
  }

  func execute(in session: Session) throws {
    let source = options.source("verify-response", in: session)
    let bytes = try ImportInput.bytes(options.file, in: session)
    try session.importArtifact({ try VerifyResponseImport.read(bytes, source: source) }, options: options)
  }
}

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

  func execute(in session: Session) throws {
    let source = options.source("jws", in: session)
    let text = String(decoding: try ImportInput.bytes(options.file, in: session), as: UTF8.self)
    let trust = try options.importTrust(in: session)
    try session.importArtifact(
      { try SignedDataImport.read(text, source: source, trust: trust) }, options: options,
      writesReceipt: false)
  }
}
