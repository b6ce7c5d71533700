import Foundation
import JSON
import Queue
import Store
import Verifier

extension World {
  /// How long the App Store waits for the app's realtime answer before it shows the default
  /// message: Apple's "approximately 700 ms" of the sandbox.
  public static let realtimeTimeLimit = 700

  /// The customer opens the cancellation page of a subscription: if the world's environment has
  /// a realtime URL, the App Store asks the app's server (a signed request, ``realtimeTimeLimit``
  /// to answer) and checks what it chose: an approved message, an alternate product of the group,
  /// or a promotional offer whose signature holds. Whatever is wrong or late falls back to the
  /// product's default message for the locale, and without one to the App Store's own page.
  ///
  /// - Parameters:
  ///   - productId: a product of the subscription's group.
  ///   - locale: the customer's locale (`en-US`); `nil` takes the account's.
  ///   - account: the customer.
  /// - Throws: ``SimulationError`` when the account has no live subscription in the group with
  ///   auto-renew on, or the request cannot be signed.
  /// - Returns: the open flow, which the customer then answers (``answerCancellationFlow(_:account:)``).
  @discardableResult
  public func openCancellationFlow(
    productId: String, locale: String?, account: Account
  ) throws(SimulationError) -> CancellationFlow {
    let state: SubscriptionState
    do {
      state = try store.subscription(for: productId, account: account)
    } catch {
      throw SimulationError(.notFound, error.reason)
    }
    guard state.isLive, state.isAutoRenewOn else {
      throw SimulationError(
        .notAllowed,
        "the subscription to \(state.productId) \(state.isLive ? "does not renew" : "has ended"): there is nothing to cancel"
      )
    }
    let locale = (locale ?? store.locale).replacingOccurrences(of: "_", with: "-")
    var requestIdentifier: String?
    var decided:
      (message: RetentionMessage?, choice: CancellationFlow.Choice, source: CancellationFlow.Source)
    if let url = retention.realtimeURLs[environment] {
      let (identifier, exchange) = try askRealtime(url, state: state, locale: locale)
      requestIdentifier = identifier
      decided = decide(exchange, state: state, account: account, locale: locale)
    } else {
      decided = fallback(
        "no realtime URL is configured for \(environment.rawValue)", productId: state.productId,
        locale: locale)
    }
    let flow = CancellationFlow(
      accountName: account.name, productId: state.productId,
      originalTransactionNumber: state.originalTransactionNumber,
      locale: locale, requestIdentifier: requestIdentifier, message: decided.message, choice: decided.choice,
      source: decided.source)
    retention.setOpenFlow(flow)
    reportRetention("cancelFlow", describe(flow), [.init("product", flow.productId)])
    return flow
  }

  /// What the customer does on the open cancellation page.
  public enum CancellationAnswer: String, Hashable, Sendable, CaseIterable {
    /// Takes the alternate product or the promotional offer shown.
    case accept
    /// Cancels: auto-renew goes off (`DID_CHANGE_RENEWAL_STATUS` `AUTO_RENEW_DISABLED`).
    case cancel
    /// Leaves the page; nothing changes.
    case close
  }

  /// The customer answers the open cancellation flow, which then closes.
  ///
  /// - Throws: ``SimulationError`` when no flow is open for the account, `accept` is asked of a
  ///   page that offers nothing, or the store refuses the change.
  /// - Returns: the transaction an accepted offer or product made now, if any (one that starts at
  ///   the next renewal makes none yet).
  @discardableResult
  public func answerCancellationFlow(
    _ answer: CancellationAnswer, account: Account
  ) throws(SimulationError) -> PurchaseRecord? {
    guard let flow = retention.openFlow, flow.accountName == account.name else {
      throw SimulationError(
        .notFound, "no cancellation flow is open for \(account.name) (`cancel-flow PRODUCT`)")
    }
    switch answer {
    case .close:
      retention.setOpenFlow(nil)
      reportRetention("cancelFlowClosed", "\(flow.productId): the customer left the page", [])
      return nil
    case .cancel:
      do {
        try store.setAutoRenew(false, productId: flow.productId, account: account)
      } catch {
        throw SimulationError(.notAllowed, error.reason)
      }
      retention.setOpenFlow(nil)
      return nil
    case .accept:
      let record = try accept(flow, account: account)
      retention.setOpenFlow(nil)
      return record
    }
  }

  private func accept(_ flow: CancellationFlow, account: Account) throws(SimulationError) -> PurchaseRecord? {
    let (productId, offerId): (String, String?)
    switch flow.choice {
    case .none:
      throw SimulationError(.notAllowed, "the page offers nothing to accept: `cancel-flow cancel` or `close`")
    case .alternateProduct(let product): (productId, offerId) = (product, nil)
    case .promotionalOffer(let product, let offer): (productId, offerId) = (product, offer)
    }
    switch store.purchaseOutsideApp(productId: productId, offerId: offerId, account: account) {
    case .success(let record): return record
    case .failure(let code):
      throw SimulationError(.notAllowed, "the App Store refused \(productId): \(code.name)")
    }
  }

  // MARK: The realtime call

  /// Signs and sends the realtime request, keeping what it gave in the journal.
  private func askRealtime(
    _ url: String, state: SubscriptionState, locale: String
  ) throws(SimulationError) -> (identifier: String, exchange: RealtimeExchange) {
    retention.realtimeRequests += 1
    let identifier = identity.retentionRequestUUID(retention.realtimeRequests)
    let body = try realtimeRequestBody(
      originalTransactionId: state.originalTransactionNumber, productId: state.productId, locale: locale,
      requestIdentifier: identifier, environment: environment)
    let timeout = Duration.milliseconds(Self.realtimeTimeLimit)
    let exchange =
      notificationTransport?.exchange(body, to: url, timeout: timeout) ?? .failed(.other, milliseconds: 0)
    journal(.realtime(exchange))
    return (identifier, exchange)
  }

  /// `{"signedPayload": JWS}` of Apple's `RealtimeRequestBody`, its payload Apple's
  /// `DecodedRealtimeRequestBody`.
  func realtimeRequestBody(
    originalTransactionId: UInt64, productId: String, locale: String, requestIdentifier: String,
    environment: Verifier.Environment
  ) throws(SimulationError) -> [UInt8] {
    let payload = OrderedJSON.object([
      .init("originalTransactionId", .string(String(originalTransactionId))),
      .init("appAppleId", .integer(appAppleId)), .init("productId", .string(productId)),
      .init("userLocale", .string(locale)), .init("requestIdentifier", .string(requestIdentifier)),
      .init("signedDate", .integer(store.clock.now.milliseconds)),
      .init("environment", .string(environment.rawValue)),
    ])
    do {
      let signed = try jwsSigner().sign(payloadJSON: Array(payload.text.utf8))
      return Array(OrderedJSON.object([.init("signedPayload", .string(signed))]).text.utf8)
    } catch {
      throw SimulationError(.signingFailed, "cannot sign the realtime request: \(error)")
    }
  }

  // MARK: Deciding what is shown

  private typealias Decision = (
    message: RetentionMessage?, choice: CancellationFlow.Choice, source: CancellationFlow.Source
  )

  private func decide(
    _ exchange: RealtimeExchange, state: SubscriptionState, account: Account, locale: String
  ) -> Decision {
    let limit = Self.realtimeTimeLimit
    let result = exchange.milliseconds > limit ? .timedOut : exchange.result
    guard result == .success, case .answered(_, let body, _) = exchange else {
      return fallback(
        "the app's server gave no usable answer within \(limit) ms (\(result.rawValue))",
        productId: state.productId,
        locale: locale)
    }
    do {
      let reply = try RealtimeReply(body)
      return try use(reply, state: state, account: account)
    } catch {
      return fallback(
        "the app's server answered, but \(error.reason)", productId: state.productId, locale: locale)
    }
  }

  private func use(
    _ reply: RealtimeReply, state: SubscriptionState, account: Account
  ) throws(RealtimeReply.Problem) -> Decision {
    switch reply {
    case .advancedCommerce:
      throw RealtimeReply.Problem(
        reason: "advancedCommerceInfo needs the Advanced Commerce API, which storebench does not simulate")
    case .message(let identifier):
      return (try showable(identifier), .none, .server)
    case .alternateProduct(let identifier, let productId):
      let message = try identifier.map { (id: String) throws(RealtimeReply.Problem) in try showable(id) }
      try checkInGroup(productId, of: state, what: "the alternate product")
      guard productId != state.productId else {
        throw RealtimeReply.Problem(reason: "the alternate product \(productId) is the one subscribed to")
      }
      return (message, .alternateProduct(productId: productId), .server)
    case .promotionalOffer(let identifier, let signature):
      let message = try identifier.map { (id: String) throws(RealtimeReply.Problem) in try showable(id) }
      let (productId, offerId) = try checkOffer(signature, state: state, account: account)
      return (message, .promotionalOffer(productId: productId, offerId: offerId), .server)
    }
  }

  private func showable(_ identifier: String) throws(RealtimeReply.Problem) -> RetentionMessage {
    guard let message = retention.message(identifier) else {
      throw RealtimeReply.Problem(reason: "message \(identifier) was never uploaded")
    }
    guard retention.isShowable(message) else {
      throw RealtimeReply.Problem(reason: "message \(identifier) or one of its images is not APPROVED")
    }
    return message
  }

  private func checkInGroup(
    _ productId: String, of state: SubscriptionState, what: String
  ) throws(RealtimeReply.Problem) {
    guard let product = store.catalog.product(productId), product.subscription?.group == state.group else {
      throw RealtimeReply.Problem(reason: "\(what) \(productId) is not a product of the group \(state.group)")
    }
  }

  /// Checks a promotional offer's proof as a payment's would be checked, and that the offer is
  /// the product's.
  private func checkOffer(
    _ signature: RealtimeReply.OfferSignature, state: SubscriptionState, account: Account
  ) throws(RealtimeReply.Problem) -> (productId: String, offerId: String) {
    var payment: Payment
    switch signature {
    case .jws(let compact):
      guard let claims = try? OfferJWS(compact).claims, let productId = claims.productId else {
        throw RealtimeReply.Problem(reason: "promotionalOfferSignatureV2 is not a JWS naming a product")
      }
      payment = Payment(productId: productId, offerId: claims.offerIdentifier, api: .storeKit2)
      payment.offerProof = .promotionalJWS(compact)
    case .legacy(let productId, let offerId, let keyId, let nonce, let timestamp, let signature, let token):
      payment = Payment(productId: productId, offerId: offerId, api: .storeKit2)
      payment.offerProof = .signature(
        LegacyOfferSignature(
          keyId: keyId, nonce: nonce, timestamp: timestamp, signature: signature, appAccountToken: token))
    }
    try checkInGroup(payment.productId, of: state, what: "the offer's product")
    switch authorize(payment, for: account) {
    case .refused(_, let reason):
      throw RealtimeReply.Problem(reason: "its promotional offer's signature is refused: \(reason)")
    case .allowed(let offerId, _):
      guard let offerId,
        store.catalog.product(payment.productId)?.subscription?.promotionalOffers.contains(where: {
          $0.id == offerId
        })
          == true
      else {
        throw RealtimeReply.Problem(
          reason: "\(payment.productId) has no promotional offer \(payment.offerId ?? "(none named)")")
      }
      return (payment.productId, offerId)
    }
  }

  private func fallback(_ reason: String, productId: String, locale: String) -> Decision {
    if let chosen = retention.defaultMessage(productId: productId, locale: locale),
      let message = retention.message(chosen.messageIdentifier), retention.isShowable(message)
    {
      return (message, .none, .defaultMessage(reason: reason))
    }
    return (
      nil, .none,
      .appStorePage(reason: "\(reason), and \(productId) has no approved default message for \(locale)")
    )
  }

  // MARK: Reporting

  private func describe(_ flow: CancellationFlow) -> String {
    var text = "\(flow.productId) (\(flow.locale)): "
    switch flow.source {
    case .server: text += "the app's server chose"
    case .defaultMessage(let reason): text += "\(reason); default message"
    case .appStorePage(let reason): text += "\(reason); the App Store's own page"
    }
    if let message = flow.message { text += " \(message.identifier)" }
    switch flow.choice {
    case .none: break
    case .alternateProduct(let productId): text += ", switch to \(productId)"
    case .promotionalOffer(let productId, let offerId): text += ", offer \(offerId) of \(productId)"
    }
    return text
  }

  func reportRetention(_ action: String, _ detail: String, _ fields: [Event.Field]) {
    guard log.isListening else { return }
    log.record(
      Event(
        time: store.clock.now, actor: "retention", action: action, detail: detail,
        fields: log.readsFields ? fields : []))
  }
}
