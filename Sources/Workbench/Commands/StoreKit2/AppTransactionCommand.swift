import ArgumentParser
import Simulation
import Store
import Verifier

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

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let world = session.world
    let payload = SignedPayloadFactory(world: world).appTransaction(for: session.device)
    let token = try world.jwsSigner().sign(payload)
    let verifier = JWSVerifier(trustedRoots: [try world.authority().root])
    let verification: String
    do {
      _ = try verifier.verify(token, at: world.store.clock.now)
      verification = "verified"
    } catch {
      verification = "unverified \(VerificationError(error).rawValue)"
    }
    var words = [
      "bundleID \(payload.bundleId ?? "")", "appVersion \(payload.applicationVersion ?? "")",
      "originalAppVersion \(payload.originalApplicationVersion ?? "")",
      "originalPurchaseDate \(payload.originalPurchaseDate.map(Timestamp.iso8601) ?? "")",
      "environment \(payload.receiptType?.rawValue ?? "")",
    ]
    if let id = payload.appTransactionId { words.append("appTransactionID \(id)") }
    if let platform = payload.rawOriginalPlatform { words.append("originalPlatform \(platform)") }
    words.append(verification)
    session.print(
      "\(action == "refresh" ? "refreshed " : "")AppTransaction: " + words.joined(separator: ", "))
  }
}
