import ArgumentParser
import Foundation
import Simulation
import Verifier

/// `jws TXN [--renewal] [--export FILE] [--decode]`, `jws --app`.
struct JWSCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "jws",
    abstract:
      "Sign a transaction (JWSTransaction), its subscription's renewal info, or the app transaction, as StoreKit 2 and the App Store Server API do.",
    discussion: """
      Every payload carries appTransactionId, the account's app download transaction: one per \
      account (and per family member), 18 digits, given in the order accounts are added (default \
      705000000000000001) and kept in saved worlds; the same in the app transaction, every \
      transaction, renewal info, notification and Server API answer, and accepted by the Server API \
      where Apple takes anyTransactionId (history, statuses, refund history, app transaction info; \
      elsewhere 4000048). Transactions also carry price (milliunits) and currency, \
      transactionReason, offerDiscountType and offerPeriod in an offer, and after a refund \
      revocationType (REFUND_FULL, FAMILY_REVOKE for a family member's share) and \
      revocationPercentage. A subscription bought with a billing plan (`buy --billing-plan`) carries \
      billingPlanType, and in a 12-month commitment billed monthly commitmentInfo (the billing's \
      number of 12, the commitment's end and price); its renewal info carries \
      renewalBillingPlanType and commitmentInfo (whether, when, for what and at what price a new \
      commitment starts). The app transaction has originalPlatform iOS, and appAppleId (the \
      app's Apple ID, as receipts' app_item_id and notifications) in production only, as Apple.
      """)

  @Argument(help: "The transaction (#N, last or an id).", completion: .session(.transactions))
  var transaction: String?

  @Flag(help: "The renewal info of the transaction's subscription instead.")
  var renewal = false

  @Flag(help: "The app transaction of the device instead.")
  var app = false

  @Option(help: "Write the compact JWS to a file.", completion: .file())
  var export: String?

  @Flag(help: "Also show the header and payload as JSON (x5c by certificate subject).")
  var decode = false

  @Flag(help: "Show only the header and payload as JSON: the same on every run, for golden transcripts.")
  var decodeOnly = false

  func validate() throws {
    guard app != (transaction != nil) else { throw ValidationError("name a transaction, or give --app") }
    guard !(app && renewal) else { throw ValidationError("--renewal needs a transaction, not --app") }
    try requireNonEmpty(transaction, "the transaction")
    try requireNonEmpty(export, "--export")
  }

  func changesWorld(in _: Session) -> Bool { export != nil }

  func execute(in session: Session) throws {
    let signer = JWSSigner(authority: try session.world.authority())
    let factory = SignedPayloadFactory(world: session.world)
    let token: String
    if app {
      token = try signer.sign(factory.appTransaction(for: session.device))
    } else {
      let transaction = try session.transaction(transaction ?? "last")
      guard let record = session.currentRecord(of: transaction) else {
        throw WorkbenchError(
          .notAllowed,
          "\(transaction.handleText) is \(transaction.state.rawValue): it has no App Store transaction to sign"
        )
      }
      if renewal {
        token = try signer.sign(
          factory.renewalInfo(
            try session.world.store.subscription(for: record.productId, account: session.account)))
      } else {
        token = try signer.sign(factory.transaction(record))
      }
    }
    if let export {
      try session.write(Array(token.utf8), to: export)
      session.print("JWS written to \(session.shown(export)) (\(token.utf8.count) bytes)")
    } else if !decodeOnly {
      session.print(token)
    }
    if decode || decodeOnly { session.print(lines: try DecodedJWS.lines(of: token)) }
  }
}
