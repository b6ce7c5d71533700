import Catalog
import Crypto
import Foundation
import Queue
import Simulation
import Store
import SystemIO
import Verifier
import Vocabulary

/// One run of the workbench: the simulated world, where output goes, and what the last command
/// left behind. The prompt, a script and a test case each own one.
public final class Session {
  /// What is simulated.
  public internal(set) var world: World {
    didSet { world.changeJournal = keptWorld?.journal }
  }
  /// The file the world is kept in, with its journal, while the session keeps one (`--state FILE`
  /// for the prompt, `serve` and one command): each change is written down before it is answered.
  public internal(set) var keptWorld: KeptWorld? {
    didSet { world.changeJournal = keptWorld?.journal }
  }
  /// Whether lines run to rebuild a kept world from its journal: they write no files (they did
  /// when they first ran) and print nothing.
  var isReplayingJournal = false
  /// Where the catalog came from, as the user named it: a catalog file, or the saved world that
  /// brought it (``catalogCameWithWorld``).
  public internal(set) var catalogSource: String
  /// Whether the catalog came with a saved world (`load`, `--state`), named by ``catalogSource``.
  public internal(set) var catalogCameWithWorld = false
  /// What the session runs on, as the prompt's banner names it: `catalog default`, `world w.json`.
  public var origin: String { (catalogCameWithWorld ? "world " : "catalog ") + catalogSource }
  /// How events and output are written.
  public let format: OutputFormat
  /// The error of the last command run with `try`, if it failed.
  public internal(set) var lastCommandError: String?
  /// How the last command Ctrl-C stopped ended, with a line that does what it had done
  /// (``CommandInterrupted/replay``), for the recorder; taken when the line is noted.
  var interruption: CommandInterrupted?
  /// Set by `quit`: the prompt or script stops after this command.
  public internal(set) var wantsToQuit = false
  /// The directory relative paths in commands are read from: the script's, or the working directory.
  public var baseDirectory: String?
  /// The directory messages show paths from (``shown(_:)``): the working directory when `nil`; a
  /// suite gives each script's own, so that transcripts do not depend on where the suite runs.
  public var shownFrom: String?
  /// The lines run so far, written to a script while `record` is on.
  public let recorder: Recorder
  /// Commands parsed from lines run so far (by any session of the process), so that a repeated line
  /// is not parsed again.
  var parsedCommands: ParsedCommandCache { .shared }
  /// Where lines go (``withOutput(_:_:)`` sends them elsewhere for a while).
  var output: OutputSink { sink.current }
  private let sink: SinkHolder
  private let log: EventLog
  /// The owner every line and request goes through, once the session has one.
  public internal(set) weak var owner: SessionOwner?
  /// How the session serves its world and sends notifications (given by the executable).
  public var services = SessionServices() {
    didSet { world.notificationTransport = services.notificationTransport }
  }
  /// Where `api-key create` wrote each key's private key in this session (resolved paths, by key
  /// id), so that `api-key token` finds a key written with `--out` without being told again.
  var apiKeyFiles: [String: String] = [:]
  /// The `.p8` files of offer keys this session created or imported, by key id, for `offer-key sign`.
  var offerKeyFiles: [String: String] = [:]
  /// The private keys of those files as this session wrote or read them, by key id: signing uses
  /// the key itself, not the file again, which another run writing the same path may have replaced.
  var offerPrivateKeys: [String: P256.Signing.PrivateKey] = [:]
  /// The server `serve start` started, while it runs.
  var server: (launcher: any ServerLauncher, port: Int)?

  /// Stops the server `serve start` started, if it runs.
  ///
  /// - Returns: The port it listened on, or `nil` when none ran.
  @discardableResult
  public func stopServer() -> Int? {
    guard let server else { return nil }
    server.launcher.stop()
    self.server = nil
    return server.port
  }

  /// Creates a session over a catalog.
  ///
  /// - Parameters:
  ///   - catalog: the products on sale.
  ///   - catalogSource: where they came from, for messages.
  ///   - output: where lines go.
  ///   - format: text or JSON lines.
  ///   - caDirectory: where the certificate authority lives (see ``AuthorityLocator``).
  ///   - identity: the seed of the world's identifiers; the scripted one (seed 0) unless told.
  public init(
    catalog: Catalog, catalogSource: String, output: OutputSink, format: OutputFormat = .text,
    caDirectory: URL = AuthorityLocator.directory(option: nil), identity: WorldIdentity = .scripted
  ) {
    let log = EventLog()
    self.log = log
    self.world = World(catalog: catalog, log: log, authorityDirectory: caDirectory, identity: identity)
    self.catalogSource = catalogSource
    let sink = SinkHolder(current: output)
    self.sink = sink
    self.format = format
    self.recorder = Recorder(
      catalogSource: catalogSource, clockStart: world.store.clock.now, seed: identity.seed,
      keepsOutput: format == .text)
    let renderer = EventRenderer(format: format)
    log.readsFields = format == .json
    log.redirect { [sink] event in sink.current.write(renderer.render(event)) }
  }

  /// Runs `body` with the session's lines going to `output` instead (its events included).
  func withOutput<T>(_ output: OutputSink, _ body: () throws -> T) rethrows -> T {
    let saved = sink.current
    sink.current = output
    defer { sink.current = saved }
    return try body()
  }

  /// Writes a line of command output.
  public func print(_ line: String) {
    switch format {
    case .text: output.write(line)
    case .json: output.write(JSONLine.object([("output", line)]))
    }
  }

  /// Reports a failure: `FILE:LINE: error: …` on the error stream as text; as JSON, an object
  /// with a stable code (``JSONLine/error(code:message:file:line:)``) where the rest of the JSON goes.
  func report(_ outcome: Interpreter.Outcome, file: String? = nil, line: Int? = nil, column: Int? = nil) {
    guard let failure = outcome.failure, let code = outcome.code else { return }
    switch format {
    case .text:
      let place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(
        separator: ":")
      output.writeError(place.isEmpty ? failure : "\(place): \(failure)")
    case .json:
      output.write(JSONLine.error(code: code, message: outcome.message ?? failure, file: file, line: line))
    }
  }

  /// Reports an error outside any line (a saved world that cannot be read), as ``report(_:file:line:)``.
  func report(error message: String, code: ErrorCode) {
    output.report(error: message, code: code, format: format)
  }

  /// Reports an error outside any line: `FILE:LINE[:COLUMN]: error: …` when it points into a file.
  func report(_ error: any Error, code: ErrorCode) {
    output.report(error, code: code, format: format)
  }

  /// Writes lines of command output.
  func print(lines: [String]) {
    lines.forEach { print($0) }
  }

  /// Writes a long text of command output, such as `help all`: a screen at a time when the output
  /// pages (``OutputSink/page``) and is text, else as ``print(lines:)``.
  func page(lines: [String]) {
    guard format == .text, let page = output.page else { return print(lines: lines) }
    page(lines)
  }

  /// Replaces the catalog, while nothing has been bought.
  func loadCatalog(_ catalog: Catalog, from source: String) throws(StoreError) {
    try world.store.replaceCatalog(with: catalog)
    catalogSource = source
    catalogCameWithWorld = false
  }

  /// The status of the last `verify`, for `expect verify`.
  public internal(set) var lastVerifyStatus: Int?
  /// The answer of the last `verify` of a receipt (not a JWS), for `expect verify in-app|latest`.
  public internal(set) var lastVerifyResponse: VerifyReceiptService.Response?

  /// Reads a file named in a command: a regular file, at most its format's limit
  /// (``FileFormat/limit``).
  ///
  /// - Parameters:
  ///   - path: the file, relative to ``baseDirectory``.
  ///   - format: what it holds.
  /// - Throws: ``WorkbenchError`` `FILE: cannot read the file (is a character device, not a regular
  ///   file)`, or naming the limit it passes.
  func read(_ path: String, as format: FileFormat) throws(WorkbenchError) -> [UInt8] {
    do {
      return try FileReader.read(resolve(path), as: format)
    } catch {
      throw WorkbenchError(.file, "\(shown(path)): cannot read the file (\(error))")
    }
  }

  /// Writes a file named in a command, atomically (``StagedFile``), creating its directory. While a
  /// kept world is rebuilt from its journal, nothing is written: the file was written when the line
  /// first ran, and may have changed since.
  ///
  /// - Parameter mode: the permission bits of a new file, before the umask (0o600 for a private key).
  func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o666) throws(WorkbenchError) {
    guard !isReplayingJournal else { return }
    let resolved = resolve(path)
    do {
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: resolved).deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw WorkbenchError(
        .file, "\(shown(path)): cannot create its directory (\(error.localizedDescription))")
    }
    do {
      try StagedFile.writeAtomically(bytes, to: resolved, mode: mode)
    } catch {
      throw WorkbenchError(.file, "\(shown(path)): cannot write the file (\(error))")
    }
  }

  /// A path as a command gave it, made relative to ``baseDirectory`` when it is not absolute.
  func resolve(_ path: String) -> String {
    guard let baseDirectory, !path.hasPrefix("/") else { return path }
    return URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).path
  }

  /// A path as a command gave it, as messages name it: where it resolves (``resolve(_:)``), shown
  /// relative to ``shownFrom`` (the working directory unless set), or absolute when the two share
  /// no directory but the root: `srv/receipt.b64` for `receipt export receipt.b64` in a script in
  /// `srv/`, `../fixtures/a.b64` for `../../fixtures/a.b64` there.
  func shown(_ path: String) -> String {
    let base = URL(fileURLWithPath: shownFrom ?? FileManager.default.currentDirectoryPath)
      .standardizedFileURL.pathComponents
    let full = URL(fileURLWithPath: resolve(path)).standardizedFileURL.pathComponents
    let shared = zip(base, full).prefix { $0 == $1 }.count
    guard shared > 1 else { return "/" + full.dropFirst().joined(separator: "/") }
    let relative = Array(repeating: "..", count: base.count - shared) + full[shared...]
    return relative.isEmpty ? "." : relative.joined(separator: "/")
  }

  /// The account signed in on the current device.
  ///
  /// - Throws: ``WorkbenchError`` saying how to sign one in when none is (it was deleted).
  var account: Account {
    get throws(WorkbenchError) {
      guard let account = device.queue.account else {
        throw WorkbenchError(
          .notAllowed,
          "no account is signed in on device \(device.name): `account add NAME` or `account use NAME`")
      }
      return account
    }
  }

  /// The App Store transaction number behind a reference, for commands on Apple's side (refunds).
  func transactionNumber(_ reference: String) throws(WorkbenchError) -> UInt64 {
    if !reference.hasPrefix("#"), reference != "last", let number = UInt64(reference) { return number }
    let transaction = try self.transaction(reference)
    guard let number = transaction.record?.transactionNumber else {
      throw WorkbenchError(
        .notAllowed,
        "\(transaction.handleText) has no App Store transaction (it is \(transaction.state.rawValue))")
    }
    return number
  }

  /// A transaction's history entry as it stands now (refunds and upgrades change it later).
  func currentRecord(of transaction: PaymentTransaction) -> PurchaseRecord? {
    guard let record = transaction.record else { return nil }
    guard let account = device.queue.account else { return record }
    return account.index(ofTransaction: record.transactionNumber).map { account.history[$0] } ?? record
  }

  /// The current device.
  var device: Device { world.device }

  /// Finds a transaction and acts on it in the queue that holds it, whichever device it is on.
  func act(on reference: String, _ action: (PaymentQueue, PaymentTransaction) throws -> Void) throws {
    let transaction = try transaction(reference)
    try action(queue(of: transaction), transaction)
  }

  /// The queue holding a transaction, whichever device it is on.
  func queue(of transaction: PaymentTransaction) -> PaymentQueue {
    world.devices.first { $0.name == transaction.device }?.queue ?? device.queue
  }

  /// Finds a transaction by `#N`, `last` or its App Store identifier.
  ///
  /// - Throws: ``WorkbenchError`` naming what was not found.
  func transaction(_ reference: String) throws(WorkbenchError) -> PaymentTransaction {
    let registry = world.registry
    if reference == "last" {
      guard let last = registry.last else {
        throw WorkbenchError(.unknownTransaction, "no transaction yet, so `last` names nothing")
      }
      return last
    }
    if reference.hasPrefix("#") {
      guard let handle = Int(reference.dropFirst()) else {
        throw WorkbenchError(.invalidValue, "\"\(reference)\" is not a transaction handle such as #1")
      }
      guard let transaction = registry.transaction(handle: handle) else {
        if registry.wasForgotten(handle: handle) {
          throw WorkbenchError(
            .unknownTransaction,
            "\(reference) was finished and is no longer kept: the workbench keeps the "
              + "\(registry.finishedLimit) most recent finished transactions (its purchase is in `history`)"
          )
        }
        throw WorkbenchError(.unknownTransaction, "no transaction \(reference) (there are \(registry.made))")
      }
      return transaction
    }
    guard !reference.isEmpty, reference.allSatisfy(\.isNumber) else {
      throw WorkbenchError(
        .invalidValue, "\"\(reference)\" is not a transaction: use #N, last, or a transaction id")
    }
    guard let transaction = registry.transaction(identifier: reference) else {
      throw WorkbenchError(.unknownTransaction, "no transaction with id \(reference)")
    }
    return transaction
  }
}

/// Where a session's lines go, shared with its event log so that both follow
/// ``Session/withOutput(_:_:)``.
private final class SinkHolder {
  var current: OutputSink

  init(current: OutputSink) {
    self.current = current
  }
}
