import Foundation
import Observation

#if STOREBENCH
  import StoreBenchKit
#else
  import StoreKit
#endif

typealias RenewalInfo = Product.SubscriptionInfo.RenewalInfo
typealias RenewalState = Product.SubscriptionInfo.RenewalState

/// What can go wrong in the store, for the UI to show.
enum StoreError: Error {
  /// StoreKit could not verify a signed transaction: nothing is delivered.
  case failedVerification
  /// The app has no server to sign a promotional offer, or the offer has no identifier.
  case offerUnavailable
}

/// The app's server: it holds the In-App Purchase key, so it alone signs promotional offers. Given
/// a product and an offer, it answers the offer's compact JWS.
typealias PromotionalOfferSigner = @Sendable (_ productID: String, _ offerID: String) async throws -> String

/// The app's store: it loads the products, buys them, and keeps what the customer owns up to date
/// as the App Store tells it (purchases, renewals, refunds, Ask to Buy approvals).
@MainActor @Observable final class Store {
  private(set) var consumables: [Product] = []
  private(set) var nonConsumables: [Product] = []
  private(set) var subscriptions: [Product] = []
  private(set) var nonRenewables: [Product] = []

  private(set) var purchasedNonConsumables: [Product] = []
  private(set) var purchasedNonRenewables: [Product] = []
  private(set) var purchasedSubscriptions: [Product] = []
  /// The latest verified transaction of the subscription group, refunded or expired ones included.
  private(set) var latestSubscriptionTransaction: Transaction?
  /// The state of the subscription group, from `Product.SubscriptionInfo.status`.
  private(set) var subscriptionGroupStatus: RenewalState?
  /// A line for the account screen: "Renews on…", "Expired", a billing problem.
  private(set) var subscriptionMessage: String?
  /// Whether the customer has a price increase to review.
  private(set) var isPriceIncreasePending = false
  /// Purchases waiting for a parent's approval (Ask to Buy), by product identifier.
  private(set) var pendingProductIDs: Set<String> = []
  /// Products whose transaction failed verification: the UI suggests Restore Purchases.
  private(set) var unverifiedProductIDs: Set<String> = []
  /// The customer's coins: each `coins.100` delivers a hundred.
  private(set) var coins = 0
  /// The app version the customer first downloaded, from the signed app transaction.
  private(set) var originalAppVersion: String?

  @ObservationIgnored private var updateListenerTask: Task<Void, Never>?
  @ObservationIgnored private var statusListenerTask: Task<Void, Never>?
  @ObservationIgnored private var launchTask: Task<Void, Never>?
  /// Consumable transactions already counted (an unfinished one arrives at launch more than once).
  @ObservationIgnored private var deliveredConsumables: Set<UInt64> = []
  @ObservationIgnored private let signPromotionalOffer: PromotionalOfferSigner?

  private let productIdToEmoji: [String: String] = [
    "coins.100": "🪙", "level.pack": "🗺️", "maps.hd": "🏔️", "pro.monthly": "⭐️", "pro.yearly": "🌟",
    "lite.monthly": "✨", "season.pass": "🎟️",
  ]

  /// Starts the store: listeners first, so that nothing the App Store sends is missed, then the
  /// products and what the customer owns.
  ///
  /// - Parameter signPromotionalOffer: The app's server, which signs promotional offers.
  init(signPromotionalOffer: PromotionalOfferSigner? = nil) {
    self.signPromotionalOffer = signPromotionalOffer
    updateListenerTask = listenForTransactions()
    statusListenerTask = listenForStatusChanges()
    launchTask = Task {
      await requestProducts()
      await finishUnfinishedTransactions()
      await updateCustomerProductStatus()
      await loadAppTransaction()
    }
  }

  deinit {
    updateListenerTask?.cancel()
    statusListenerTask?.cancel()
  }

  /// Waits for the work the store started at launch (the views show a spinner until then).
  func waitUntilLoaded() async {
    await launchTask?.value
  }

  func listenForTransactions() -> Task<Void, Never> {
    Task.detached { [weak self] in
      // Transactions that don't come from a direct call to `purchase()`: other devices, Ask to Buy
      // approvals, renewals, refunds.
      for await result in Transaction.updates {
        guard let self else { return }
        do {
          let transaction = try self.checkVerified(result)
          await self.deliver(transaction)
          await self.updateCustomerProductStatus()
          // Always finish a transaction.
          await transaction.finish()
        } catch {
          // StoreKit has a transaction that fails verification: don't deliver it.
          await self.reportFailedVerification(of: result.unsafePayloadValue)
        }
      }
    }
  }

  func listenForStatusChanges() -> Task<Void, Never> {
    Task.detached { [weak self] in
      // Expiries, billing problems and price increases change no transaction: statuses say them.
      for await _ in Product.SubscriptionInfo.Status.updates {
        guard let self else { return }
        await self.updateCustomerProductStatus()
      }
    }
  }

  func requestProducts() async {
    do {
      let storeProducts = try await Product.products(for: productIdToEmoji.keys)
      var newConsumables: [Product] = []
      var newNonConsumables: [Product] = []
      var newSubscriptions: [Product] = []
      var newNonRenewables: [Product] = []
      for product in storeProducts {
        switch product.type {
        case .consumable: newConsumables.append(product)
        case .nonConsumable: newNonConsumables.append(product)
        case .autoRenewable: newSubscriptions.append(product)
        case .nonRenewable: newNonRenewables.append(product)
        default: print("Unknown product type: \(product.id)")
        }
      }
      consumables = sortByPrice(newConsumables)
      nonConsumables = sortByPrice(newNonConsumables)
      subscriptions = sortByPrice(newSubscriptions)
      nonRenewables = sortByPrice(newNonRenewables)
    } catch {
      print("Failed product request from the App Store server: \(error)")
    }
  }

  /// Buys a product.
  ///
  /// - Returns: The transaction, or `nil` when the customer cancelled or the purchase waits for a
  ///   parent (its answer arrives through `Transaction.updates`).
  /// - Throws: ``StoreError/failedVerification``, or StoreKit's error.
  @discardableResult
  func purchase(_ product: Product, options: Set<Product.PurchaseOption> = []) async throws -> Transaction? {
    switch try await product.purchase(options: options) {
    case .success(let verification):
      let transaction = try checkVerified(verification)
      deliver(transaction)
      await updateCustomerProductStatus()
      await transaction.finish()
      return transaction
    case .pending:
      pendingProductIDs.insert(product.id)
      return nil
    case .userCancelled:
      return nil
    @unknown default:
      return nil
    }
  }

  /// Buys a subscription with one of its promotional offers, signed by the app's server.
  @discardableResult
  func purchase(
    _ product: Product, promotionalOffer offer: Product.SubscriptionOffer
  ) async throws -> Transaction? {
    guard let offerID = offer.id, let signPromotionalOffer else { throw StoreError.offerUnavailable }
    let compactJWS = try await signPromotionalOffer(product.id, offerID)
    let options = Product.PurchaseOption.promotionalOffer(offerID, compactJWS: compactJWS)
    return try await purchase(product, options: Set(options))
  }

  /// Restores purchases: syncs with the App Store (the customer may be asked to sign in).
  func restorePurchases() async throws {
    try await AppStore.sync()
    await updateCustomerProductStatus()
  }

  func isPurchased(_ product: Product) -> Bool {
    switch product.type {
    case .nonConsumable: purchasedNonConsumables.contains(product)
    case .nonRenewable: purchasedNonRenewables.contains(product)
    case .autoRenewable: purchasedSubscriptions.contains(product)
    default: false
    }
  }

  /// Whether the latest subscription transaction still runs: not refunded, not past its end.
  var isSubscriptionActive: Bool {
    guard let transaction = latestSubscriptionTransaction, transaction.revocationDate == nil,
      let expirationDate = transaction.expirationDate
    else { return false }
    return expirationDate > Date()
  }

  /// Whether Pro features are on: an active subscription, or one in its billing grace period.
  var hasProAccess: Bool {
    isSubscriptionActive || subscriptionGroupStatus == .inGracePeriod
  }

  nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified:
      throw StoreError.failedVerification
    case .verified(let safe):
      return safe
    }
  }

  func reportFailedVerification(of transaction: Transaction) {
    print("Transaction \(transaction.id) failed verification: not delivered")
    unverifiedProductIDs.insert(transaction.productID)
  }

  /// Delivers a purchase: it no longer waits for a parent, and a consumable's coins are counted,
  /// once per transaction.
  func deliver(_ transaction: Transaction) {
    pendingProductIDs.remove(transaction.productID)
    guard transaction.productType == .consumable, transaction.revocationDate == nil,
      deliveredConsumables.insert(transaction.id).inserted
    else { return }
    coins += 100 * transaction.purchasedQuantity
  }

  /// Delivers and finishes what the app left unfinished last time (it quit before finishing).
  func finishUnfinishedTransactions() async {
    for await result in Transaction.unfinished {
      guard case .verified(let transaction) = result else { continue }
      deliver(transaction)
      await transaction.finish()
    }
  }

  func updateCustomerProductStatus() async {
    var purchasedNonConsumables: [Product] = []
    var purchasedNonRenewables: [Product] = []
    var purchasedSubscriptions: [Product] = []
    for await result in Transaction.currentEntitlements {
      do {
        let transaction = try checkVerified(result)
        switch transaction.productType {
        case .nonConsumable:
          if let product = nonConsumables.first(where: { $0.id == transaction.productID }) {
            purchasedNonConsumables.append(product)
          }
        case .nonRenewable:
          // A non-renewing subscription has no expiration date: this app sells three months.
          if let product = nonRenewables.first(where: { $0.id == transaction.productID }),
            let end = Calendar(identifier: .gregorian).date(
              byAdding: .month, value: 3, to: transaction.purchaseDate),
            Date() < end
          {
            purchasedNonRenewables.append(product)
          }
        case .autoRenewable:
          if let product = subscriptions.first(where: { $0.id == transaction.productID }) {
            purchasedSubscriptions.append(product)
          }
        default:
          break
        }
      } catch {
        print("Entitlement failed verification: \(error)")
      }
    }
    self.purchasedNonConsumables = purchasedNonConsumables
    self.purchasedNonRenewables = purchasedNonRenewables
    self.purchasedSubscriptions = purchasedSubscriptions
    latestSubscriptionTransaction = await latestVerifiedSubscriptionTransaction()
    await updateSubscriptionStatus()
  }

  /// The latest verified transaction among the subscriptions, by purchase date.
  private func latestVerifiedSubscriptionTransaction() async -> Transaction? {
    var latest: Transaction?
    for product in subscriptions {
      guard case .verified(let transaction) = await Transaction.latest(for: product.id) else { continue }
      if transaction.purchaseDate > latest?.purchaseDate ?? .distantPast { latest = transaction }
    }
    return latest
  }

  /// Reads the group's status: its state and what the renewal info says will happen.
  private func updateSubscriptionStatus() async {
    guard let status = try? await subscriptions.first?.subscription?.status.first else {
      subscriptionGroupStatus = nil
      subscriptionMessage = nil
      isPriceIncreasePending = false
      return
    }
    subscriptionGroupStatus = status.state
    guard case .verified(let renewalInfo) = status.renewalInfo else {
      isPriceIncreasePending = false
      subscriptionMessage = "The App Store could not verify your subscription."
      return
    }
    isPriceIncreasePending = renewalInfo.priceIncreaseStatus == .pending
    let expiration = status.transaction.unsafePayloadValue.expirationDate
    switch status.state {
    case .subscribed:
      let date = expiration?.formatted(date: .abbreviated, time: .omitted) ?? "the end of the period"
      subscriptionMessage = renewalInfo.willAutoRenew ? "Renews on \(date)." : "Ends on \(date)."
    case .expired:
      subscriptionMessage =
        renewalInfo.expirationReason == .didNotConsentToPriceIncrease
        ? "Expired: you declined the new price." : "Expired."
    case .inBillingRetryPeriod:
      subscriptionMessage = "There is a problem with your payment method."
    case .inGracePeriod:
      let date =
        renewalInfo.gracePeriodExpirationDate?.formatted(date: .abbreviated, time: .omitted) ?? "soon"
      subscriptionMessage = "Update your payment method by \(date) to keep Pro."
    case .revoked:
      subscriptionMessage = "Refunded."
    default:
      subscriptionMessage = nil
    }
  }

  func loadAppTransaction() async {
    do {
      let appTransaction = try checkVerified(try await AppTransaction.shared)
      originalAppVersion = appTransaction.originalAppVersion
    } catch {
      print("No app transaction: \(error)")
    }
  }

  /// Whether the customer may still have the group's introductory offer.
  func isEligibleForIntroOffer(_ product: Product) async -> Bool {
    await product.subscription?.isEligibleForIntroOffer ?? false
  }

  /// The introductory offer as the paywall shows it, such as "1 week free", for a customer who
  /// may have it.
  func introOfferText(for product: Product) async -> String? {
    guard let subscription = product.subscription, let offer = subscription.introductoryOffer,
      await subscription.isEligibleForIntroOffer
    else { return nil }
    let length = periodText(offer.period, count: offer.periodCount)
    switch offer.paymentMode {
    case .freeTrial: return "\(length) free"
    case .payAsYouGo: return "\(offer.displayPrice) \(periodLabel(offer.period)) for \(length)"
    case .payUpFront: return "\(offer.displayPrice) for \(length)"
    default: return nil
    }
  }

  /// "per month", "every 3 months": how often a subscription charges.
  func periodLabel(_ period: Product.SubscriptionPeriod) -> String {
    period.value == 1 ? "per \(unitName(period.unit))" : "every \(periodText(period, count: 1))"
  }

  private func periodText(_ period: Product.SubscriptionPeriod, count: Int) -> String {
    let value = period.value * count
    return "\(value) \(unitName(period.unit))\(value == 1 ? "" : "s")"
  }

  private func unitName(_ unit: Product.SubscriptionPeriod.Unit) -> String {
    switch unit {
    case .day: "day"
    case .week: "week"
    case .month: "month"
    case .year: "year"
    @unknown default: "period"
    }
  }

  func emoji(for productID: String) -> String {
    productIdToEmoji[productID] ?? "🛍️"
  }

  func sortByPrice(_ products: [Product]) -> [Product] {
    products.sorted { $0.price < $1.price }
  }
}
