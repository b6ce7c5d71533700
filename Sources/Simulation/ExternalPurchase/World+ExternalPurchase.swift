import Foundation
import Store

extension World {
  /// The customer of the current device follows the app's link out: Apple makes an external
  /// purchase token now, of `type` for a custom link (`ExternalPurchaseCustomLink`), or a plain
  /// link-out token (`ExternalPurchaseLink`) without one. A custom link token expires after its
  /// lifetime and is announced at once with `EXTERNAL_PURCHASE_TOKEN/CREATED`; the notifications
  /// owed later (``ExternalPurchases``) come as the clock moves.
  ///
  /// - Parameters:
  ///   - type: `ACQUISITION` or `SERVICES`, or `nil` for a plain link-out token.
  ///   - lifetime: a custom link token's lifetime instead of Apple's (an hour in the sandbox, a year
  ///     in production).
  /// - Throws: ``SimulationError`` when the device is signed out, a plain token is given a
  ///   lifetime, or the lifetime runs past the clock's range.
  /// - Returns: the token.
  @discardableResult
  public func linkOut(
    type: ExternalPurchaseTokenType?, lifetime: TimeSpan? = nil
  ) throws(SimulationError) -> ExternalPurchaseToken {
    guard let account = device.queue.account else {
      throw SimulationError(.notAllowed, "\(device.name) is signed out: no customer follows the link")
    }
    let now = store.clock.now
    let expiration = try expiration(ofTokenOf: type, lifetime: lifetime, from: now)
    let uuid = identity.externalPurchaseUUID(UInt64(externalPurchases.tokens.count + 1))
    let token = ExternalPurchaseToken(
      externalPurchaseId: environment == .production ? uuid : "SANDBOX_" + uuid, type: type,
      creationDate: now, expirationDate: expiration, accountName: account.name)
    externalPurchases.add(token)
    if type != nil { sendExternalPurchaseNotification(.created, about: token) }
    return token
  }

  /// When a token made now expires: a custom link token after `lifetime` or Apple's (an hour in the
  /// sandbox, a year in production), a plain token never.
  ///
  /// - Throws: ``SimulationError`` when a plain token is given a lifetime, or the lifetime does not
  ///   end after now within the clock's range.
  private func expiration(
    ofTokenOf type: ExternalPurchaseTokenType?, lifetime: TimeSpan?, from now: Date
  ) throws(SimulationError) -> Date? {
    guard type != nil else {
      guard lifetime == nil else {
        throw SimulationError(
          .invalidValue, "a plain link-out token has no expiration: give --type with --lifetime")
      }
      return nil
    }
    let apple =
      environment == .production ? ExternalPurchases.productionLifetime : ExternalPurchases.sandboxLifetime
    let span = lifetime ?? apple
    guard let expiration = VirtualClock.adding(span, to: now), expiration > now else {
      throw SimulationError(
        .invalidValue, "the lifetime \(span) does not end after now within the clock's range")
    }
    return expiration
  }

  /// Keeps a report the External Purchase Server API accepted: its token counts as reported, so no
  /// `UNREPORTED` follows, and a duplicate gets no more reminders.
  func accept(_ report: ExternalPurchaseReport) {
    externalPurchases.accept(report)
  }

  /// Makes every external purchase notification owed at or before `date`, in virtual-time order.
  func runExternalPurchaseEvents(notAfter date: Date) {
    while let (due, owed) = externalPurchases.popDue(notAfter: date) {
      store.moveClock(forwardTo: due)
      switch owed {
      case .reminder(let id):
        guard let token = externalPurchases.token(id), !token.isReportedDuplicate else { continue }
        sendExternalPurchaseNotification(.activeTokenReminder, about: token)
        externalPurchases.noteReminder(of: id)
      case .unreported(let id):
        guard let token = externalPurchases.token(id), !token.isReported, !token.unreportedSent else {
          continue
        }
        sendExternalPurchaseNotification(.unreported, about: token)
        externalPurchases.noteUnreported(of: id)
      }
    }
  }
}
