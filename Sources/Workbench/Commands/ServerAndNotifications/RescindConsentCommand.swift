import ArgumentParser
import Simulation

/// `rescind-consent`: a parent or guardian withdraws consent to the app for the current account.
struct RescindConsentCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "rescind-consent",
    abstract: "A parent or guardian withdraws consent to the app for the current account (RESCIND_CONSENT).",
    discussion: """
      The App Store tells the app's server with RESCIND_CONSENT, whose payload carries appData \
      (bundleId, environment, the account's signedAppTransactionInfo) instead of data. Nothing else \
      changes: what the app does about it is the app's. Needs a notification URL for the world's \
      environment.
      """)

  func execute(in session: Session) throws {
    let account = try session.account
    let record = try session.world.sendRescindConsent(account: account)
    session.print("consent rescinded for \(account.name): sent \(record.name) \(record.notificationUUID)")
  }
}
