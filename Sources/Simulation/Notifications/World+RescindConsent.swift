import Foundation
import JSON
import Store
import Verifier

extension World {
  /// A parent or guardian withdraws consent to the app for an account (the age-assurance laws'
  /// consent, App Store Server Notifications since 2025-11-04): the App Store tells the app's
  /// server with `RESCIND_CONSENT`, whose payload carries `appData` (`appAppleId` in production,
  /// `bundleId`, `environment`, and the account's `signedAppTransactionInfo`) instead of `data`.
  /// Nothing else changes in the world: what the app does about it is the app's.
  ///
  /// - Throws: ``SimulationError`` when no notification URL is registered for the environment, the
  ///   account has no device with the app, or signing fails.
  /// - Returns: the notification.
  @discardableResult
  public func sendRescindConsent(account: Account) throws(SimulationError) -> NotificationRecord {
    let urls = notifications.urls(for: environment)
    guard !urls.isEmpty else {
      throw SimulationError(
        .notFound, "no notification URL for \(environment.rawValue) (`notify-url add URL`): nothing is sent")
    }
    guard let device = devices(of: account).first else {
      throw SimulationError(
        .notFound, "account \(account.name) has the app on no device: it has no app transaction")
    }
    let signer = try jwsSigner()
    let appTransaction: String
    do {
      appTransaction = try signer.sign(SignedPayloadFactory(world: self).appTransaction(for: device))
    } catch {
      throw SimulationError(.signingFailed, "cannot sign the app transaction: \(error)")
    }
    var appData: [OrderedJSON.Member] =
      appAppleIdInEnvironment.map { [.init("appAppleId", .integer($0))] } ?? []
    appData += [
      .init("bundleId", .string(store.catalog.bundleId)), .init("environment", .string(environment.rawValue)),
      .init("signedAppTransactionInfo", .string(appTransaction)),
    ]
    return try keepNotification(
      .rescindConsent, nil, body: .init("appData", .object(appData)), account: account.name, to: urls,
      signer: signer)
  }
}
