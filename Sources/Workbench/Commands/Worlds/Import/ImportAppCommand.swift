import ArgumentParser
import Simulation
import Verifier

/// `import app BUNDLE_ID [--version V] [--original-version V] [--original-purchase DATE]
/// [--environment Sandbox|Production] [--app-apple-id N]`.
struct ImportAppCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract:
      "State the customer's app: bundle id, versions, environment, Apple ID (as a receipt shows them).")

  @Argument(help: "The bundle identifier.")
  var bundleId: String

  @Option(help: "application_version: the app version on the customer's device.")
  var version: String?

  @Option(help: "original_application_version: the version first bought or downloaded.")
  var originalVersion: String?

  @Option(help: "original_purchase_date of the app.")
  var originalPurchase: FactDate?

  @Option(help: "Sandbox or Production.", completion: .list(["Sandbox", "Production"]))
  var environment: String?

  @Option(help: "The app's Apple ID (app_item_id, appAppleId).")
  var appAppleId: Int64?

  func validate() throws {
    try requireNonEmpty(bundleId, "the bundle id")
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    guard !bundleId.isEmpty else { throw WorkbenchError(.invalidValue, "import app: the bundle id is empty") }
    var data = CustomerData(source: "import app")
    data.app.bundleId = bundleId
    data.app.applicationVersion = version
    data.app.originalApplicationVersion = originalVersion
    data.app.originalPurchaseDate = originalPurchase?.date
    data.app.appAppleId = appAppleId
    if let environment {
      guard let value = Verifier.Environment(rawValue: environment), value == .sandbox || value == .production
      else {
        throw WorkbenchError(
          .invalidValue, "import app: environment \(environment) is not Sandbox or Production")
      }
      data.app.environment = value
    }
    try session.importFact(data, prefer: nil, summary: "app \(bundleId)")
  }
}
