import ArgumentParser
import Foundation
import Simulation
import Verifier

/// `verify [--file FILE] [--password SECRET] [--environment E] [--exclude-old-transactions]
/// [--json | --export FILE]`, and `verify --jws FILE`.
struct VerifyCommand: SessionCommand {
  enum Endpoint: String, ExpressibleByArgument, CaseIterable {
    case production, sandbox

    var environment: Verifier.Environment { self == .production ? .production : .sandbox }
  }

  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract:
      "verifyReceipt: check the device's receipt (or --file) as Apple's endpoint would; or verify a JWS.",
    discussion: """
      Prints a summary naming the check that failed, or Apple's JSON with --json. Status codes: 0 valid, \
      21002 malformed, 21003 not authenticated, 21004 wrong shared secret, 21007 sandbox receipt sent to \
      production, 21008 production receipt sent to sandbox, 21010 account not found.
      """)

  @Option(help: "A receipt file, DER or base64 (default: the device's receipt).", completion: .file())
  var file: String?

  @Option(
    help: ArgumentHelp("A JWS file to verify and decode instead of a receipt.", valueName: "file"),
    completion: .file())
  var jws: String?

  @Option(
    help: ArgumentHelp("The shared secret sent as password (`shared-secret` shows it).", valueName: "secret"))
  var password: String?

  @Option(help: "The endpoint asked: production or sandbox (default: the session's environment).")
  var environment: Endpoint?

  @Flag(help: "Only the latest renewal of each subscription in latest_receipt_info.")
  var excludeOldTransactions = false

  @Flag(help: "Print Apple's JSON response.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Write Apple's JSON response to a file instead, as an app's server keeps it.", valueName: "file"),
    completion: .file())
  var export: String?

  func validate() throws {
    try requireNonEmpty(file, "--file")
    try requireNonEmpty(jws, "--jws")
    try requireNonEmpty(export, "--export")
    if jws != nil, export != nil {
      throw ValidationError("--export writes a verifyReceipt answer, not a JWS")
    }
  }

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    if let jws {
      try verifyJWS(at: jws, in: session)
      return
    }
    let data: [UInt8]
    if let file {
      data = try session.read(file, as: .receipt)
    } else {
      data = try session.world.signedReceipt(of: session.device)
    }
    let endpoint = environment?.environment ?? session.world.environment
    let response = try VerifyReceiptService(world: session.world).verify(
      .init(
        receiptData: data, password: password, endpoint: endpoint,
        excludeOldTransactions: excludeOldTransactions, includesTransactions: json || export != nil))
    session.lastVerifyStatus = response.status
    session.lastVerifyResponse = response
    if let export {
      let text = try response.body.renderedJSON()
      try session.write(Array((text.hasSuffix("\n") ? text : text + "\n").utf8), to: export)
      session.print("status \(response.status): answer written to \(session.shown(export))")
    } else if json {
      session.print(lines: try response.body.renderedJSON().trimmedLines)
    } else if let failure = response.failure {
      session.print("status \(response.status): \(failure)")
    } else {
      let count = response.receipt?.inAppPurchases.count ?? 0
      session.print(
        "status 0: valid \(endpoint.rawValue) receipt for \(response.receipt?.bundleId ?? ""), \(count) in-app purchase\(count == 1 ? "" : "s")"
      )
    }
  }

  private func verifyJWS(at path: String, in session: Session) throws {
    let token = String(decoding: try session.read(path, as: .jws), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let verifier = JWSVerifier(trustedRoots: [try session.world.authority().root])
    do {
      let verified = try verifier.verify(token, at: session.world.store.clock.now)
      session.lastVerifyStatus = 0
      session.lastVerifyResponse = nil
      session.print("JWS valid: signed by \(verified.chain.leaf.subject)")
      session.print(lines: String(decoding: verified.token.payload, as: UTF8.self).trimmedLines)
    } catch {
      session.lastVerifyStatus = 21003
      session.lastVerifyResponse = nil
      session.print("JWS rejected: \(error)")
    }
  }
}
