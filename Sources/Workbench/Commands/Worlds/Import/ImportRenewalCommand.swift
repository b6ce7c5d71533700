import ArgumentParser
import Simulation
import Store
import Vocabulary

/// `import renewal ORIGINAL_ID [--auto-renew on|off] …`: what is known of a subscription's renewal,
/// as `pending_renewal_info` or a signed renewal info shows it.
struct ImportRenewalCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "renewal",
    abstract:
      "State what is known of a subscription's renewal: auto-renew, next product, intent, billing retry.")

  enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
  }

  enum Consent: String, ExpressibleByArgument, CaseIterable {
    case agreed, waiting
  }

  @Argument(help: "The subscription's original transaction id.")
  var originalId: UInt64
  @Option(help: "product_id of the current period.", completion: .session(.autoRenewables))
  var product: String?
  @Option(help: "auto_renew_product_id: what the next renewal is for.", completion: .session(.autoRenewables))
  var renewsTo: String?
  @Option(help: "auto_renew_status.")
  var autoRenew: Switch?
  @Option(
    help:
      "expiration_intent: 1 cancelled, 2 billing error, 3 price increase declined, 4 unavailable, 5 other.",
    completion: .list(["1", "2", "3", "4", "5"]))
  var intent: Int?
  @Option(help: "is_in_billing_retry_period.")
  var billingRetry: Switch?
  @Option(help: "grace_period_expires_date.")
  var graceUntil: FactDate?
  @Option(help: "price_consent_status: agreed, or waiting for the customer.")
  var priceConsent: Consent?

  func validate() throws {
    if let intent { try require(intent, in: 1...5, "--intent") }
    try requireNonEmpty(product, "--product")
    try requireNonEmpty(renewsTo, "--renews-to")
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    var renewal = CustomerRenewal(originalTransactionNumber: originalId)
    renewal.productId = product
    renewal.autoRenewProductId = renewsTo
    renewal.isAutoRenewOn = autoRenew.map { $0 == .on }
    renewal.expirationIntent = intent.flatMap(ExpirationIntent.init(rawValue:))
    renewal.isInBillingRetry = billingRetry.map { $0 == .on }
    renewal.gracePeriodExpiresDate = graceUntil?.date
    renewal.hasConsentedToPriceIncrease = priceConsent.map { $0 == .agreed }
    var data = CustomerData(source: "import renewal \(originalId)")
    data.renewals = [renewal]
    try session.importFact(data, prefer: nil, summary: "renewal of \(originalId)")
  }
}
