import Catalog
import Foundation

extension Store {
  /// What a redemption did: the transaction made now (`nil` when the offer applies from the next
  /// renewal of an active subscription, which then carries it).
  public struct CodeRedemption: Sendable {
    /// The code redeemed.
    public var code: OfferCode
    /// The transaction made now, if any.
    public var record: PurchaseRecord?
  }

  // MARK: Making codes

  /// Makes codes for one of a product's code offers, as App Store Connect does: `count` one-time
  /// codes, or one custom code (upper case) allowing `limit` redemptions.
  ///
  /// - Throws: ``StoreError`` naming the unknown product or offer, or a custom code that exists or
  ///   is malformed.
  public func makeOfferCodes(
    productId: String, offerName: String, custom: String?, count: Int, limit: Int?, expires: Date?
  ) throws(StoreError) -> [OfferCode] {
    let offer = try codeOffer(productId: productId, offerName: offerName)
    if let expires, expires <= clock.now {
      throw StoreError(
        .invalidValue, "the expiry \(Timestamp.iso8601(expires)) is not after the current time")
    }
    guard let custom else {
      return (0..<count).map { _ in
        makeCode(
          OfferCode(
            code: offerCodes.makeOneTimeCode(), productId: productId, offerName: offer.referenceName,
            isOneTime: true, limit: 1, expires: expires))
      }
    }
    let name = custom.uppercased()
    guard CodeOffer.CustomCode.isWellFormed(name) else {
      throw StoreError(.invalidValue, "\"\(custom)\" is not a custom code (1 to 64 letters and digits)")
    }
    syncCatalogCodes()
    guard offerCodes.code(name) == nil else { throw StoreError(.conflict, "the code \(name) exists already") }
    return [
      makeCode(
        OfferCode(
          code: name, productId: productId, offerName: offer.referenceName, isOneTime: false, limit: limit,
          expires: expires))
    ]
  }

  private func makeCode(_ code: OfferCode) -> OfferCode {
    offerCodes.add(code)
    return code
  }

  private func codeOffer(productId: String, offerName: String) throws(StoreError) -> CodeOffer {
    guard let product = catalog.product(productId) else {
      throw StoreError(.unknownProduct, catalog.unknownProductReason(productId))
    }
    guard let offer = product.codeOffers.first(where: { $0.referenceName == offerName }) else {
      let names = product.codeOffers.map { "\"\($0.referenceName)\"" }.joined(separator: ", ")
      throw StoreError(
        .notFound,
        "\(productId) has no code offer \"\(offerName)\""
          + (names.isEmpty ? " (its catalog entry declares none)" : " (it has \(names))"))
    }
    return offer
  }

  /// Adds the catalog's custom codes the book does not have yet.
  public func syncCatalogCodes() {
    for product in catalog.products {
      for offer in product.codeOffers {
        for custom in offer.customCodes where offerCodes.code(custom.code) == nil {
          offerCodes.add(
            OfferCode(
              code: custom.code, productId: product.id, offerName: offer.referenceName, isOneTime: false,
              limit: custom.limit, expires: custom.expires))
        }
      }
    }
  }

  // MARK: Redeeming

  /// Redeems a code outside the app, as the App Store's redemption sheet or URL does: the offer's
  /// terms apply to the product, and a transaction made now reaches the account's devices as one
  /// made outside the app (an SK1 observer hears it; an SK2 app gets it through
  /// `Transaction.updates`).
  ///
  /// Notifications are Apple's: `SUBSCRIBED` for a new or lapsed subscriber, `OFFER_REDEEMED` for
  /// an active one (with `UPGRADE` or `DOWNGRADE` when the code is for another product of the
  /// group), `ONE_TIME_CHARGE` for any other product.
  public func redeem(code text: String, account: Account) -> Result<CodeRedemption, OfferCodeRefusal> {
    if let error = faults.take(.redeem) {
      let refusal = OfferCodeRefusal(.sheetFailed, "\(error), armed")
      report("codeRefused", "\(text.uppercased()): \(refusal)", [.init("code", text.uppercased())])
      return .failure(refusal)
    }
    syncCatalogCodes()
    let code: OfferCode
    let product: Product
    let offer: CodeOffer
    switch checkedCode(text, account: account) {
    case .success(let found): (code, product, offer) = found
    case .failure(let refusal):
      report("codeRefused", "\(text.uppercased()): \(refusal)", [.init("code", text.uppercased())])
      return .failure(refusal)
    }
    offerCodes.redeem(code.code, by: account.name, at: clock.now)
    report(
      "codeRedeemed",
      "\(code.code) (\(offer.referenceName), \(offer.terms)) for \(product.id) by \(account.name)",
      [.init("code", code.code), .init("offer", offer.referenceName), .init("product", product.id)])
    let record = apply(offer, to: product, account: account)
    if let record { listener?.store(self, didCreateTransaction: record, for: account) }
    return .success(CodeRedemption(code: offerCodes.code(code.code) ?? code, record: record))
  }

  /// Buys a product on the terms of one of its offer codes, named by its reference name, with no
  /// code to redeem: StoreKit Testing's `codeOffer(referenceName:)` purchase option. The App
  /// Store's rules for the offer apply (storefronts, eligibility); the transaction reaches the
  /// account's devices as one made outside the app.
  ///
  /// - Returns: The transaction, or why the offer does not apply.
  public func redeemOffer(
    referenceName: String, of productId: String, account: Account
  ) -> Result<PurchaseRecord, OfferCodeRefusal> {
    guard let product = catalog.product(productId),
      let offer = product.codeOffers.first(where: { $0.referenceName == referenceName })
    else {
      return .failure(OfferCodeRefusal(.invalid, "\(productId) has no offer code offer \"\(referenceName)\""))
    }
    if let storefronts = offer.storefronts, !storefronts.contains(storefront.id) {
      return .failure(
        OfferCodeRefusal(
          .wrongStorefront, "the offer is for \(storefronts.joined(separator: ", ")), not \(storefront.id)"))
    }
    if let refusal = availability(of: product, offer: offer, for: account) { return .failure(refusal) }
    report(
      "codeOfferApplied", "\(referenceName) (\(offer.terms)) for \(product.id) by \(account.name), no code",
      [.init("offer", referenceName), .init("product", product.id)])
    guard let record = apply(offer, to: product, account: account) else {
      return .failure(
        OfferCodeRefusal(.unavailable, "the offer applies from the next renewal: no transaction now"))
    }
    listener?.store(self, didCreateTransaction: record, for: account)
    return .success(record)
  }

  /// The code, its product and offer, or why the sheet refuses it.
  private func checkedCode(
    _ text: String, account: Account
  ) -> Result<(OfferCode, Product, CodeOffer), OfferCodeRefusal> {
    guard let code = offerCodes.code(text) else {
      return .failure(OfferCodeRefusal(.invalid, "no code \(text.uppercased()) was made"))
    }
    guard let product = catalog.product(code.productId),
      let offer = product.codeOffers.first(where: { $0.referenceName == code.offerName })
    else {
      return .failure(
        OfferCodeRefusal(
          .invalid, "its offer \"\(code.offerName)\" for \(code.productId) is no longer in the catalog"))
    }
    switch code.state(at: clock.now) {
    case .active: break
    case .used:
      let last = code.redemptions.last.map { " by \($0.accountName) \(Timestamp.iso8601($0.date))" } ?? ""
      let what =
        code.isOneTime ? "a one-time code, redeemed\(last)" : "all \(code.limit ?? 0) redemptions made"
      return .failure(OfferCodeRefusal(.alreadyRedeemed, what))
    case .expired:
      return .failure(
        OfferCodeRefusal(.expired, "it expired \(Timestamp.iso8601(code.expires ?? clock.now))"))
    }
    if let storefronts = offer.storefronts, !storefronts.contains(storefront.id) {
      return .failure(
        OfferCodeRefusal(
          .wrongStorefront,
          "the offer is for \(storefronts.joined(separator: ", ")); the customer's storefront is \(storefront.id)"
        ))
    }
    if let refusal = availability(of: product, offer: offer, for: account) { return .failure(refusal) }
    return .success((code, product, offer))
  }

  /// Why the customer may not have the product with this offer now, if they may not.
  private func availability(of product: Product, offer: CodeOffer, for account: Account) -> OfferCodeRefusal?
  {
    guard product.isClearedForSale else {
      return OfferCodeRefusal(.unavailable, "\(product.id) is not for sale")
    }
    if product.type == .nonConsumable, account.ownedPurchase(of: product.id) != nil {
      return OfferCodeRefusal(.unavailable, "\(account.name) owns \(product.id) already")
    }
    guard let group = product.subscription?.group else { return nil }
    let standing: CodeOffer.Eligibility =
      switch account.subscriptions[group] {
      case nil: .new
      case let state? where state.isLive: .existing
      case _?: .expired
      }
    guard offer.eligibility.contains(standing) else {
      let allowed = offer.eligibility.map(\.rawValue).joined(separator: ", ")
      return OfferCodeRefusal(
        .ineligible,
        "the offer is for \(allowed) subscribers; \(account.name) is \(standing.rawValue) to \(group)")
    }
    return nil
  }

  /// Gives the customer the product on the offer's terms; the transaction made now, if any.
  private func apply(_ offer: CodeOffer, to product: Product, account: Account) -> PurchaseRecord? {
    guard let group = product.subscription?.group else {
      return chargeOnce(product, price: offer.terms.price, offer: offer.terms.reference, account: account)
    }
    let before = upcomingTransactionNumber
    let wasLive = account.subscriptions[group]?.isLive == true
    let stacks =
      offer.isStackable && !wasLive && product.subscription?.introductoryOffer != nil
      && !account.introductoryOfferGroups.contains(group)
    let record = buySubscription(product, account: account, offer: stacks ? nil : offer.terms)
    if stacks, let state = account.subscriptions[group] {
      state.pendingOffer = offer.terms
      report(
        "offerStacked",
        "\(offer.referenceName) from the first renewal, after the introductory offer",
        [.init("offer", offer.referenceName), .init("product", product.id)])
    }
    return record.transactionNumber >= before ? record : nil
  }
}
