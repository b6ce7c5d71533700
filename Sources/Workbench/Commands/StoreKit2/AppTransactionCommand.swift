import ArgumentParser
import Simulation
import Store

/// `app-transaction [refresh]`: `AppTransaction.shared` (and `refresh()`).
struct AppTransactionCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "app-transaction",
    abstract: "Show AppTransaction.shared (or AppTransaction.refresh()): the app's signed download record.",
    discussion:
      "The JWS is signed by the local authority and checked against its root, as StoreKit checks it.")

  @Argument(help: "refresh, to ask the App Store for a new one.", completion: .list(["refresh"]))
  var action: String?

  func validate() throws {
    guard action == nil || action == "refresh" else {
      throw ValidationError("app-transaction takes refresh or nothing")
    }
  }

  /// It only shows, unless it takes an armed error.
  func changesWorld(in session: Session) -> Bool { session.storeKit2CallFails(.appTransaction) }

  func execute(in session: Session) throws {
    let call = action == "refresh" ? "AppTransaction.refresh()" : "AppTransaction.shared"
    guard session.storeKit2CallSucceeds(.appTransaction, call) else { return }
    let signed = try session.world.storeKit2AppTransaction(on: session.device)
    let payload = signed.payload
    var words = [
      "bundleID \(payload.bundleId ?? "")", "appVersion \(payload.applicationVersion ?? "")",
      "originalAppVersion \(payload.originalApplicationVersion ?? "")",
      "originalPurchaseDate \(payload.originalPurchaseDate.map(Timestamp.iso8601) ?? "")",
      "environment \(payload.receiptType?.rawValue ?? "")",
    ]
    if let id = payload.appTransactionId { words.append("appTransactionID \(id)") }
    if let platform = payload.rawOriginalPlatform { words.append("originalPlatform \(platform)") }
    words.append(signed.verification.description)
    session.print(
      "\(action == "refresh" ? "refreshed " : "")AppTransaction: " + words.joined(separator: ", "))
  }
}
