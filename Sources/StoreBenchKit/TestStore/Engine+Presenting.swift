import Catalog
import Crypto
import Foundation
import Simulation
import Store
import Verifier

extension Engine {
  // MARK: Products

  /// The product of the catalog, in the current storefront and locale, if the App Store sells it.
  package func product(_ id: String) -> StoreBenchClient.Product? {
    let store = world.store
    guard let product = store.catalog.product(id), product.isClearedForSale else { return nil }
    let price = store.price(of: product)
    let text = product.text(for: store.locale)
    let subscription = product.subscription.map { subscriptionInfo($0, price: price) }
    let json = ProductJSON(
      id: id, kind: product.type.appStoreName, isFamilyShareable: product.isFamilyShareable,
      title: text.title,
      description: text.description, price: price.plainAmount, priceFormatted: price.formatted,
      currency: price.currency, storefront: store.storefront.id, locale: store.locale,
      subscription: subscription
    ).data
    return Product(
      id: id, type: Product.ProductType(rawValue: product.type.appStoreName), displayName: text.title,
      description: text.description, price: price.amount, displayPrice: price.formatted,
      isFamilyShareable: product.isFamilyShareable, subscription: subscription, currencyCode: price.currency,
      localeIdentifier: store.locale, json: json)
  }

  private func subscriptionInfo(_ subscription: Subscription, price: Price) -> Product.SubscriptionInfo {
    func offer(_ offer: Offer) -> Product.SubscriptionOffer {
      Product.SubscriptionOffer(offer, currency: price.currency)
    }
    let period = Product.SubscriptionPeriod(iso8601: subscription.period.iso8601) ?? .monthly
    let offers =
      [subscription.introductoryOffer].compactMap { $0 }.map(offer)
      + subscription.promotionalOffers.map(offer)
      + subscription.winBackOffers.map(offer)
    return Product.SubscriptionInfo(
      introductoryOffer: subscription.introductoryOffer.map(offer),
      promotionalOffers: subscription.promotionalOffers.map(offer),
      winBackOffers: subscription.winBackOffers.map(offer), subscriptionGroupID: subscription.groupIdentifier,
      subscriptionPeriod: period, groupLevel: subscription.level, groupDisplayName: subscription.group,
      pricingTerms: subscription.billingPlans.filter(\.isEnabled).map { plan in
        pricingTerms(
          plan, period: period, currency: price.currency, offers: plan.kind == .monthly ? [] : offers)
      })
  }

  /// A billing plan as StoreKit's pricing terms: a monthly plan bills every month over the
  /// product's period (its commitment), with no offers (storebench keeps only the offers of the
  /// plan billed up front); a plan billed up front bills once per period, with the product's offers.
  private func pricingTerms(
    _ plan: BillingPlan, period: Product.SubscriptionPeriod, currency: String,
    offers: [Product.SubscriptionOffer]
  ) -> Product.SubscriptionInfo.PricingTerms {
    let billing = Price(amount: plan.price, currency: currency)
    let commitment = Price(amount: plan.commitmentPrice, currency: currency)
    return Product.SubscriptionInfo.PricingTerms(
      billingPlanType: Product.SubscriptionInfo.BillingPlanType(rawValue: plan.kind.rawValue),
      billingPrice: billing.amount, billingDisplayPrice: billing.formatted,
      billingPeriod: plan.kind == .monthly ? .monthly : period,
      commitmentInfo: Product.SubscriptionInfo.CommitmentInfo(
        price: commitment.amount, displayPrice: commitment.formatted, period: period),
      subscriptionOffers: offers)
  }

  // MARK: Signed values

  /// A transaction of the history as StoreKit hands it to the app: signed, dated for the app's
  /// clock, with this device's verification values, and checked.
  ///
  /// - Parameter outcome: What the check found when the app got it before (a purchase result, an
  ///   update), so that the app sees the same; `nil` for a new check.
  package func transaction(
    _ record: PurchaseRecord, as outcome: Simulation.VerificationResult? = nil
  ) -> StoreBenchClient.VerificationResult<StoreBenchClient.Transaction> {
    let number = record.transactionNumber
    let counted = outcome == nil && !device.storeKit2.damages.isEmpty
    let earlier = outcome ?? damaged[number].map { .unverified($0) }
    do {
      let signed = try world.storeKit2Transaction(
        record, on: device,
        adjusting: { payload in
          present(&payload, Self.transactionFields, key: "transaction:\(record.transactionId)")
        },
        as: earlier)
      if case .unverified(let error) = signed.verification, counted || earlier != nil,
        world.store.faults.standingError(.verification) == nil
      {
        damaged[number] = error
      }
      let transaction = Transaction(
        signed.payload, signed: SignedValue(compact: signed.jws, payloadJSON: Self.json(signed.payload)),
        storefront: storefront(signed.payload.storefront))
      return verification(transaction, signed.verification)
    } catch {
      return Self.unsigned(record, error)
    }
  }

  /// A subscription's status as StoreKit gives it, if its latest transaction is in the history.
  package func status(
    _ state: SubscriptionState, of account: Account
  ) -> StoreBenchClient.Product.SubscriptionInfo.Status? {
    guard state.latestIndex < account.history.count else { return nil }
    let renewalState = RenewalState(state.status(at: world.store.clock.now))
    return Product.SubscriptionInfo.Status(
      state: Product.SubscriptionInfo.RenewalState(renewalState),
      transaction: transaction(account.history[state.latestIndex]), renewalInfo: renewalInfo(state))
  }

  private func renewalInfo(
    _ state: SubscriptionState
  ) -> VerificationResult<Product.SubscriptionInfo.RenewalInfo> {
    let signed: SignedForDevice<JWSRenewalInfoDecodedPayload>
    do {
      signed = try world.storeKit2RenewalInfo(state, on: device) { payload in
        present(&payload, Self.renewalInfoFields, key: "renewal:\(state.originalTransactionNumber)")
      }
    } catch {
      signed = SignedForDevice(
        payload: SignedPayloadFactory(world: world).renewalInfo(state), jws: "",
        verification: .unverified(.invalidCertificateChain))
    }
    let info = Product.SubscriptionInfo.RenewalInfo(
      signed.payload, signed: SignedValue(compact: signed.jws, payloadJSON: Self.json(signed.payload)))
    return verification(info, signed.verification)
  }

  /// The app transaction, signed and checked.
  package func appTransaction() throws(TestStoreError)
    -> StoreBenchClient.VerificationResult<StoreBenchClient.AppTransaction>
  {
    let signed: SignedForDevice<Verifier.AppTransaction>
    do {
      signed = try world.storeKit2AppTransaction(on: device) { payload in
        present(&payload, Self.appTransactionFields, key: AppTransaction.presentedKey)
      }
    } catch {
      throw TestStoreError(error, context: "the app transaction")
    }
    let value = AppTransaction(
      signed.payload, signed: SignedValue(compact: signed.jws, payloadJSON: Self.json(signed.payload)))
    return verification(value, signed.verification)
  }

  /// The storefront now.
  package var storefront: StoreBenchClient.Storefront { storefront(world.store.storefront.id) }

  /// A storefront by its country code.
  package func storefront(_ code: String?) -> StoreBenchClient.Storefront {
    let id = code ?? world.store.storefront.id
    let currency = world.store.catalog.storefront(id)?.currency ?? world.store.storefront.currency
    return Storefront(
      countryCode: id, id: SignedPayloadFactory.storefrontIds[id] ?? "", currencyCode: currency)
  }

  /// The device's identifier for vendor, as `AppStore.deviceVerificationID`.
  package var deviceVerificationID: UUID { UUID(bytes: device.identifier) }

  // MARK: Presenting

  /// Dates a payload for the app's clock, adds this device's verification values, and keeps the
  /// date it was signed while nothing else of it changes (a device keeps the JWS it got, so a value
  /// read again is equal to itself).
  ///
  /// - Parameter key: The value's name, the same each time it is read.
  private func present<Payload: Hashable & Sendable>(
    _ payload: inout Payload, _ fields: PresentedFields<Payload>, key: String
  ) {
    for keyPath in fields.dates { payload[keyPath: keyPath] = payload[keyPath: keyPath].map(appDate) }
    let (nonce, check) = deviceVerification(seed: key)
    payload[keyPath: fields.nonce] = nonce
    payload[keyPath: fields.check] = check
    var rest = payload
    rest[keyPath: fields.signedDate] = nil
    if let kept = signingDates[key], kept.payload == AnyHashable(rest) {
      payload[keyPath: fields.signedDate] = kept.date
    } else {
      signingDates[key] = (AnyHashable(rest), payload[keyPath: fields.signedDate])
    }
  }

  /// A nonce for a signed value on this device, the same each time for the same value, and the
  /// check StoreKit computes with it: SHA-384 of the nonce and the device's identifier for vendor,
  /// both lowercased, in base64.
  private func deviceVerification(seed: String) -> (nonce: String, check: String) {
    let digest = Array(SHA256.hash(data: Data("\(device.name):\(seed)".utf8)))
    let nonce = UUID(bytes: Array(digest.prefix(16))).uuidString.lowercased()
    let text = nonce + deviceVerificationID.uuidString.lowercased()
    return (nonce, Data(SHA384.hash(data: Data(text.utf8))).base64EncodedString())
  }

  /// The check's outcome for a value; a failure the test armed for verification fails with the
  /// error it gave.
  private func verification<T>(_ value: T, _ outcome: Simulation.VerificationResult) -> VerificationResult<T>
  {
    switch outcome {
    case .verified: return .verified(value)
    case .unverified(let error):
      let armed = simulatedErrors[.verification].flatMap {
        VerificationResult<T>.VerificationError(sameCaseAs: $0)
      }
      return .unverified(value, armed ?? VerificationResult<T>.VerificationError(error))
    }
  }

  /// A transaction the world could not sign (its authority cannot be opened): unverified, read
  /// from the history.
  private static func unsigned(
    _ record: PurchaseRecord, _ error: any Error
  ) -> VerificationResult<Transaction> {
    var payload = JWSTransactionDecodedPayload(
      originalTransactionId: record.originalTransactionId, transactionId: record.transactionId,
      productId: record.productId, purchaseDate: record.purchaseDate,
      originalPurchaseDate: record.originalPurchaseDate, expiresDate: record.expiresDate,
      quantity: record.quantity)
    payload.rawType = record.productType.appStoreName
    let transaction = Transaction(
      payload, signed: SignedValue(compact: "", payloadJSON: json(payload)),
      storefront: Storefront(countryCode: record.storefront, id: "", currencyCode: record.charged.currency))
    return .unverified(transaction, .invalidCertificateChain)
  }

  /// The payload's JSON, as the App Store writes it (what was signed).
  static func json<Payload: Encodable>(_ payload: Payload) -> Data {
    (try? AppStoreJSON.encoder().encode(payload)) ?? Data()
  }

  nonisolated(unsafe) private static let transactionFields = PresentedFields<JWSTransactionDecodedPayload>(
    dates: [\.purchaseDate, \.originalPurchaseDate, \.expiresDate, \.signedDate, \.revocationDate],
    signedDate: \.signedDate, nonce: \.deviceVerificationNonce, check: \.deviceVerification)
  nonisolated(unsafe) private static let renewalInfoFields = PresentedFields<JWSRenewalInfoDecodedPayload>(
    dates: [\.signedDate, \.recentSubscriptionStartDate, \.renewalDate, \.gracePeriodExpiresDate],
    signedDate: \.signedDate, nonce: \.deviceVerificationNonce, check: \.deviceVerification)
  nonisolated(unsafe) private static let appTransactionFields = PresentedFields<Verifier.AppTransaction>(
    dates: [\.receiptCreationDate, \.originalPurchaseDate, \.preorderDate],
    signedDate: \.receiptCreationDate, nonce: \.deviceVerificationNonce, check: \.deviceVerification)
}
