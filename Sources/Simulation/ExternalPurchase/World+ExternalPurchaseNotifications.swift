import JSON
import Store

extension World {
  /// Makes an `EXTERNAL_PURCHASE_TOKEN` notification now about a token, when a URL is registered
  /// for the world's environment (as Apple, with none nothing is sent or kept). Its payload carries
  /// `externalPurchaseToken` instead of `data`. A notification that cannot be signed is reported
  /// and dropped.
  ///
  /// - Parameters:
  ///   - subtype: `CREATED`, `ACTIVE_TOKEN_REMINDER` or `UNREPORTED`.
  ///   - token: the token.
  /// - Returns: the notification, or `nil` when none was made.
  @discardableResult
  func sendExternalPurchaseNotification(
    _ subtype: ServerEvent.Subtype, about token: ExternalPurchaseToken
  ) -> NotificationRecord? {
    let urls = notifications.urls(for: environment)
    guard !urls.isEmpty, ServerEvent.Kind.externalPurchaseToken.admits(subtype) else { return nil }
    do {
      return try keepNotification(
        .externalPurchaseToken, subtype,
        body: .init("externalPurchaseToken", externalPurchaseTokenPayload(token)),
        account: token.accountName, to: urls, signer: try jwsSigner())
    } catch {
      store.log.record(
        Event(
          time: store.clock.now, actor: "notifications", action: "notificationFailed",
          detail: "EXTERNAL_PURCHASE_TOKEN/\(subtype.rawValue) \(token.externalPurchaseId): \(error)"))
      return nil
    }
  }

  /// Apple's `externalPurchaseToken`: the token's JSON as the app receives it,
  /// `{externalPurchaseId, tokenCreationDate, appAppleId, bundleId}` and for a custom link token
  /// `tokenType` and `tokenExpirationDate`.
  func externalPurchaseTokenPayload(_ token: ExternalPurchaseToken) -> OrderedJSON {
    var members: [OrderedJSON.Member] = [
      .init("externalPurchaseId", .string(token.externalPurchaseId)),
      .init("tokenCreationDate", .integer(token.creationDate.milliseconds)),
      .init("appAppleId", .integer(appAppleId)), .init("bundleId", .string(store.catalog.bundleId)),
    ]
    if let type = token.type { members.append(.init("tokenType", .string(type.rawValue))) }
    if let expiration = token.expirationDate {
      members.append(.init("tokenExpirationDate", .integer(expiration.milliseconds)))
    }
    return .object(members)
  }
}
