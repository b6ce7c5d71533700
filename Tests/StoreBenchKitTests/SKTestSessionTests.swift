import Foundation
import StoreBenchKit
import StoreBenchKitTest
import Testing

/// StoreKitTest's `SKTestSession` over storebench's world: tests written for Xcode, run here. A
/// session installs its world for the process (Xcode has one test environment), so these tests
/// run one at a time, nested in the serialized `SmokeTests`.
extension SmokeTests {
  @Suite struct SKTestSessionTests {
    /// A session over the default catalog (a session reads storebench catalogs as well as
    /// `.storekit` files), its dialogs off as Xcode tests set them.
    static func session() throws -> SKTestSession {
      let session = try SKTestSession(contentsOf: Fixtures.catalog)
      session.disableDialogs = true
      session.clearTransactions()
      return session
    }

    /// Runs a test in a fresh session with the app's listeners, then stops them and leaves the
    /// process with no installed world, whatever the test did.
    static func inSession(_ body: (SKTestSession, Listeners) async throws -> Void) async throws {
      let session = try Self.session()
      let app = await Listeners.start()
      let outcome: Result<Void, any Error>
      do {
        try await body(session, app)
        outcome = .success(())
      } catch {
        outcome = .failure(error)
      }
      await app.stopAndWait()
      session.testStore.uninstall()
      try outcome.get()
    }

    /// The test environment's transaction of a product, by its product.
    static func testTransaction(_ session: SKTestSession, _ productID: String) throws -> SKTestTransaction {
      try #require(session.allTransactions().last { $0.productIdentifier == productID })
    }

    // MARK: Opening a configuration

    @Test func aConfigurationFileOpensByURLAndByNameInTheTestsResources() async throws {
      let session = try SKTestSession(contentsOf: Fixtures.storeKitFile)
      defer { session.testStore.uninstall() }
      #expect(TestStore.current === session.testStore, "a session installs its world")
      let product = try await Fixtures.product("com.example.selfies.sub.allaccess.monthly")
      #expect(product.subscription?.subscriptionGroupID == "21430001", "the file's group id")
      #expect(product.subscription?.introductoryOffer?.paymentMode == .freeTrial)
      let transaction = try await Fixtures.buy(product.id)
      #expect(transaction.environment == .xcode)
      #expect(transaction.subscriptionGroupID == "21430001")

      setenv("STOREBENCH_CONFIGURATION_PATH", Fixtures.storeKitFile.deletingLastPathComponent().path, 1)
      defer { unsetenv("STOREBENCH_CONFIGURATION_PATH") }
      let byName = try SKTestSession(configurationFileNamed: "selfies")
      defer { byName.testStore.uninstall() }
      #expect(try await Product.products(for: ["com.example.selfies.sub.oneaweek"]).count == 1)
      let withExtension = try SKTestSession(configurationFileNamed: "selfies.storekit")
      withExtension.testStore.uninstall()
    }

    @Test func aMissingFileOrAURLThatIsNoFilesIsRefusedWithItsCode() throws {
      do {
        _ = try SKTestSession(configurationFileNamed: "NoSuchConfiguration")
        Issue.record("a missing file opened")
      } catch let error as SKTestError {
        #expect(error.code == .fileNotFound)
        #expect(error.message.contains("NoSuchConfiguration.storekit"))
        #expect(error.description.hasPrefix("SKTestErrorDomain Code=4"))
        #expect(error.errorDescription == error.message)
      }
      do {
        _ = try SKTestSession(contentsOf: URL(string: "https://example.com/Products.storekit")!)
      } catch let error as SKTestError {
        #expect(error.code == .invalidURL)
      }
      #expect(TestStore.current == nil, "nothing was installed")
    }

    // MARK: Buying and Ask to Buy

    @Test func aPurchaseInTheAppAppearsInAllTransactions() async throws {
      try await Self.inSession { session, app throws in
        let bought = try await Fixtures.buy("level.pack")
        #expect(bought.environment == .xcode)
        let test = try Self.testTransaction(session, "level.pack")
        #expect(test.identifier == UInt(bought.id))
        #expect(test.originalTransactionIdentifier == UInt(bought.originalID))
        #expect(test.state == .purchased)
        #expect(abs(test.purchaseDate.timeIntervalSince(bought.purchaseDate)) < 1)
        #expect(test.cancelDate == nil)
        #expect(test.expirationDate == nil)
        #expect(!test.autoRenewingEnabled)
        #expect(!test.hasPurchaseIssue)
        #expect(!test.pendingAskToBuyConfirmation)
        #expect(!test.isPendingPriceIncreaseConsent)
        #expect(test.description == "SKTestTransaction(\(bought.id) level.pack purchased)")
      }
    }

    @Test func buyProductIsAPurchaseOutsideTheAppThatUpdatesHear() async throws {
      try await Self.inSession { session, app throws in
        let transaction = try await session.buyProduct(identifier: "coins.100", options: [.quantity(2)])
        #expect(transaction.productID == "coins.100")
        #expect(transaction.purchasedQuantity == 2)
        #expect(transaction.environment == .xcode)
        await session.testStore.settle()
        let heard = await app.heard
        #expect(heard == ["coins.100 purchase"])
        await #expect(throws: SKTestError.self) {
          try await session.buyProduct(identifier: "no.such.product")
        }
      }
    }

    @Test
    func twoPurchasesOutsideTheAppBothReachUpdates() async throws {
      try await Self.inSession { session, app throws in
        try await session.buyProduct(identifier: "level.pack")
        try await session.buyProduct(identifier: "maps.hd")
        await session.testStore.settle()
        #expect(await app.heard == ["level.pack purchase", "maps.hd purchase"])
      }
    }

    @available(*, deprecated, message: "uses buyProduct(productIdentifier:), deprecated in iOS 17")
    @Test func theDeprecatedBuyProductBuysOutsideTheAppToo() async throws {
      try await Self.inSession { session, app throws in
        try session.buyProduct(productIdentifier: "maps.hd")
        #expect(try Self.testTransaction(session, "maps.hd").state == .purchased)
        #expect(throws: SKTestError.self) { try session.buyProduct(productIdentifier: "no.such.product") }
      }
    }

    @Test func askToBuyWaitsForTheParentsAnswerByIdentifier() async throws {
      try await Self.inSession { session, app throws in
        session.askToBuyEnabled = true
        #expect(session.askToBuyEnabled)
        #expect(try await PurchaseTests.outcome(of: try await Fixtures.product("level.pack")) == "pending")
        let waiting = try Self.testTransaction(session, "level.pack")
        #expect(waiting.state == .deferred)
        #expect(waiting.pendingAskToBuyConfirmation)
        try session.approveAskToBuyTransaction(identifier: waiting.identifier)
        await session.testStore.settle()
        #expect(await app.heard == ["level.pack purchase"])
        #expect(try Self.testTransaction(session, "level.pack").state == .purchased)

        #expect(try await PurchaseTests.outcome(of: try await Fixtures.product("maps.hd")) == "pending")
        let declined = try Self.testTransaction(session, "maps.hd")
        try session.declineAskToBuyTransaction(identifier: Int(declined.identifier))
        await session.testStore.settle()
        #expect(await app.heard == ["level.pack purchase"])
        #expect(throws: SKTestError.self) {
          try session.approveAskToBuyTransaction(identifier: declined.identifier)
        }
        #expect(throws: SKTestError.self) { try session.approveAskToBuyTransaction(identifier: 999_999) }
      }
    }

    @Test func anInterruptedPurchaseIsResolvedByIdentifier() async throws {
      try await Self.inSession { session, app throws in
        session.interruptedPurchasesEnabled = true
        #expect(session.interruptedPurchasesEnabled)
        let outcome = try? await PurchaseTests.outcome(of: try await Fixtures.product("level.pack"))
        #expect(outcome != "verified level.pack ×1", "the customer must act first")
        let interrupted = session.allTransactions().first { $0.productIdentifier == "level.pack" }
        #expect(interrupted?.hasPurchaseIssue == true)
        session.interruptedPurchasesEnabled = false
        guard let interrupted else { return }
        try session.resolveIssueForTransaction(identifier: interrupted.identifier)
        await session.testStore.settle()
        #expect(await app.heard == ["level.pack purchase"], "the purchase completes through updates")
      }
    }

    // MARK: Refunds, deletion, clearing

    @Test func refundDeleteAndClearWorkByIdentifier() async throws {
      try await Self.inSession { session, app throws in
        let pack = try await Fixtures.buy("level.pack")
        await pack.finish()
        try session.refundTransaction(identifier: UInt(pack.id))
        #expect(await Transaction.latest(for: "level.pack")?.unsafePayloadValue.revocationDate != nil)
        #expect(try Self.testTransaction(session, "level.pack").cancelDate != nil)
        let maps = try await Fixtures.buy("maps.hd")
        try session.deleteTransaction(identifier: UInt(maps.id))
        #expect(await Transaction.latest(for: "maps.hd") == nil)
        #expect(throws: SKTestError.self) { try session.deleteTransaction(identifier: UInt(maps.id)) }
        #expect(throws: SKTestError.self) { try session.refundTransaction(identifier: -1) }
        let coins = try await Fixtures.buy("coins.100")
        try session.refundTransaction(identifier: Int(coins.id))
        try session.deleteTransaction(identifier: Int(coins.id))
        session.clearTransactions()
        #expect(session.allTransactions().isEmpty)
        #expect(await Fixtures.collect(Transaction.all).isEmpty)
      }
    }

    @Test func aBackdatedPurchaseRenewsUntilNow() async throws {
      try await Self.inSession { session, app throws in
        let threeMonthsAgo = Date().addingTimeInterval(-92 * 86_400)
        let first = try await session.buyProduct(
          identifier: "lite.monthly", options: [.purchaseDate(threeMonthsAgo)])
        #expect(abs(first.purchaseDate.timeIntervalSince(threeMonthsAgo)) < 1)
        let renewals = await Fixtures.collect(Transaction.all(for: "lite.monthly"))
        #expect(renewals.count == 4, "the purchase and three monthly renewals")
        #expect(try #require(renewals.last?.expirationDate) > Date())
      }
    }

    @Test func aBackdatedPurchaseThatCancelsImmediatelyLastsOnePeriod() async throws {
      try await Self.inSession { session, app throws in
        let threeMonthsAgo = Date().addingTimeInterval(-92 * 86_400)
        try await session.buyProduct(
          identifier: "lite.monthly",
          options: [.purchaseDate(threeMonthsAgo, renewalBehavior: .cancelImmediately)])
        let all = await Fixtures.collect(Transaction.all(for: "lite.monthly"))
        #expect(all.count == 1)
        #expect(try #require(all.first?.expirationDate) < Date())
        #expect(try Self.testTransaction(session, "lite.monthly").autoRenewingEnabled == false)
        let behaviors: [Product.PurchaseOption.SubscriptionRenewalBehavior] = [
          .renewUntilNow, .cancelImmediately,
        ]
        let decoded = try JSONDecoder().decode(
          [Product.PurchaseOption.SubscriptionRenewalBehavior].self, from: JSONEncoder().encode(behaviors))
        #expect(decoded == behaviors)
      }
    }

    @Test func aPurchaseDatedInTheFutureIsRefused() async throws {
      try await Self.inSession { session, app throws in
        let tomorrow = Date().addingTimeInterval(86_400)
        await #expect(throws: SKTestError.self) {
          try await session.buyProduct(identifier: "pro.monthly", options: [.purchaseDate(tomorrow)])
        }
        let pro = try await Fixtures.product("pro.monthly")
        await #expect(throws: (any Error).self, "purchaseDate is for buyProduct only") {
          try await pro.purchase(options: [.purchaseDate(Date().addingTimeInterval(-86_400))])
        }
      }
    }

    @Test func thePromotionalAndCodeOfferOptionsNeedNoSignature() async throws {
      try await Self.inSession { session, app throws in
        // Promotional offers are for subscribers, current or lapsed.
        try await session.buyProduct(identifier: "pro.yearly")
        try session.expireSubscription(productIdentifier: "pro.yearly")
        let promoted = try await session.buyProduct(
          identifier: "pro.monthly", options: [.promotionalOffer(id: "pro.winback")])
        #expect(promoted.offer?.type == .promotional)
        #expect(promoted.offer?.id == "pro.winback")
        #expect(promoted.price == Decimal(string: "1.99"))
        session.clearTransactions()
        let coded = try await session.buyProduct(
          identifier: "pro.monthly", options: [.codeOffer(referenceName: "Spring Promo")])
        #expect(coded.offer?.type == .code)
        #expect(coded.offer?.id == "Spring Promo")
        #expect(coded.offer?.paymentMode == .freeTrial)
        await #expect(throws: (any Error).self, "the test options are buyProduct's, not purchase's") {
          try await Fixtures.product("pro.monthly").purchase(options: [
            .codeOffer(referenceName: "Spring Promo")
          ])
        }
      }
    }

    // MARK: Subscriptions

    @Test func renewalExpiryAndAutoRenewByProductAndIdentifier() async throws {
      try await Self.inSession { session, app throws in
        let first = try await Fixtures.buy("pro.monthly")
        await first.finish()
        try session.forceRenewalOfSubscription(productIdentifier: "pro.monthly")
        let renewal = try #require(await Transaction.latest(for: "pro.monthly")?.unsafePayloadValue)
        #expect(renewal.originalID == first.id)
        #expect(renewal.reason == .renewal)
        try session.disableAutoRenewForTransaction(identifier: UInt(renewal.id))
        #expect(try Self.testTransaction(session, "pro.monthly").autoRenewingEnabled == false)
        try session.enableAutoRenewForTransaction(identifier: Int(renewal.id))
        #expect(try Self.testTransaction(session, "pro.monthly").autoRenewingEnabled)
        try session.disableAutoRenewForTransaction(identifier: Int(renewal.id))
        try session.enableAutoRenewForTransaction(identifier: UInt(renewal.id))
        try session.expireSubscription(productIdentifier: "pro.monthly")
        #expect(await renewal.subscriptionStatus?.state == .expired)
        #expect(throws: SKTestError.self) { try session.expireSubscription(productIdentifier: "level.pack") }
        let pack = try await Fixtures.buy("level.pack")
        do {
          try session.disableAutoRenewForTransaction(identifier: UInt(pack.id))
          Issue.record("a non-consumable's auto-renew turned off")
        } catch let error as SKTestError {
          #expect(error.code == .noSubscriptionFound)
        }
      }
    }

    @Test func aPriceIncreaseIsRequestedAndAnswered() async throws {
      try await Self.inSession { session, app throws in
        let bought = try await Fixtures.buy("pro.monthly")
        try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(bought.id))
        #expect(try Self.testTransaction(session, "pro.monthly").isPendingPriceIncreaseConsent)
        try session.consentToPriceIncreaseForTransaction(identifier: UInt(bought.id))
        #expect(try Self.testTransaction(session, "pro.monthly").isPendingPriceIncreaseConsent == false)
        try session.requestPriceIncreaseConsentForTransaction(identifier: Int(bought.id))
        try session.declinePriceIncreaseForTransaction(identifier: Int(bought.id))
        #expect(try Self.testTransaction(session, "pro.monthly").autoRenewingEnabled == false)
        try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(bought.id))
        try session.consentToPriceIncreaseForTransaction(identifier: Int(bought.id))
        try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(bought.id))
        try session.declinePriceIncreaseForTransaction(identifier: UInt(bought.id))
      }
    }

    @Test func billingRetryAndItsGracePeriodAreResolvedByIdentifier() async throws {
      try await Self.inSession { session, app throws in
        session.shouldEnterBillingRetryOnRenewal = true
        session.billingGracePeriodIsEnabled = true
        #expect(session.shouldEnterBillingRetryOnRenewal && session.billingGracePeriodIsEnabled)
        let bought = try await Fixtures.buy("pro.monthly")
        await bought.finish()
        session.testStore.setGracePeriod(days: 16)
        try session.testStore.advanceClock(by: "8d")  // the trial's end: the renewal fails
        #expect(await bought.subscriptionStatus?.state == .inGracePeriod)
        let troubled = try Self.testTransaction(session, "pro.monthly")
        #expect(troubled.hasPurchaseIssue)
        session.shouldEnterBillingRetryOnRenewal = false
        try session.resolveIssueForTransaction(identifier: Int(troubled.identifier))
        #expect(await bought.subscriptionStatus?.state == .subscribed)
        #expect(try Self.testTransaction(session, "pro.monthly").hasPurchaseIssue == false)
        #expect(throws: SKTestError.self) {
          try session.resolveIssueForTransaction(identifier: troubled.identifier)
        }
      }
    }

    @Test func aForcedRenewalWithBillingRetryOnFails() async throws {
      try await Self.inSession { session, app throws in
        session.shouldEnterBillingRetryOnRenewal = true
        let bought = try await Fixtures.buy("pro.monthly")
        try session.forceRenewalOfSubscription(productIdentifier: "pro.monthly")
        let state = await bought.subscriptionStatus?.state
        let issue = try Self.testTransaction(session, "pro.monthly").hasPurchaseIssue
        #expect(state == .inBillingRetryPeriod)
        #expect(issue)
      }
    }

    // MARK: Settings

    @Test func storefrontLocaleAndTimeRateAreTheWorlds() async throws {
      try await Self.inSession { session, app throws in
        #expect(session.storefront == "USA")
        session.storefront = "FRA"
        #expect(await Storefront.current?.countryCode == "FRA")
        session.storefront = "XYZ"
        #expect(session.storefront == "FRA", "an unknown storefront is ignored")
        session.locale = Locale(identifier: "fr_FR")
        #expect(session.locale.identifier == "fr_FR")
        #expect(try await Fixtures.product("coins.100").displayName == "100 pièces")
        #expect(session.timeRate == .realTime)
        session.timeRate = .monthlyRenewalEveryThirtySeconds
        #expect(session.timeRate == .monthlyRenewalEveryThirtySeconds)
        session.resetToDefaultState()
        #expect(session.storefront == "USA")
        #expect(session.timeRate == .realTime)
        #expect(!session.askToBuyEnabled)
      }
    }

    @Test func everyTimeRateIsSimulatedExactly() async throws {
      try await Self.inSession { session, app throws in
        let rates: [SKTestSession.TimeRate] = [
          .realTime, .monthlyRenewalEveryHour, .monthlyRenewalEveryThirtyMinutes,
          .monthlyRenewalEveryFifteenMinutes,
          .monthlyRenewalEveryFiveMinutes, .monthlyRenewalEveryThirtySeconds, .oneRenewalEveryFifteenMinutes,
          .oneRenewalEveryFiveMinutes, .oneRenewalEveryMinute, .oneRenewalEveryThirtySeconds,
          .oneRenewalEveryTenSeconds, .oneRenewalEveryTwoSeconds,
        ]
        #expect(rates.map(\.rawValue) == [0, 10, 11, 12, 13, 15, 1000, 1001, 1002, 1003, 1004, 1005])
        for rate in rates {
          session.timeRate = rate
          #expect(session.timeRate == rate)
        }
        session.timeRate = .oneRenewalEveryTenSeconds
        let bought = try await Fixtures.buy("pro.yearly")
        let expiry = try #require(bought.expirationDate)
        #expect(abs(expiry.timeIntervalSince(bought.purchaseDate) - 10) < 0.001, "a year lasts ten seconds")
        session.resetToDefaultState()
      }
    }

    @available(*, deprecated, message: "sets the day-based time rates, deprecated in iOS 15.2")
    @Test func theDeprecatedDayRatesStillRead() async throws {
      try await Self.inSession { session, app throws in
        let rates: [SKTestSession.TimeRate] = [
          .oneHourIsOneDay, .thirtyMinutesIsOneDay, .fiveMinutesIsOneDay, .oneMinuteIsOneDay,
          .thirtySecondsIsOneDay,
          .oneSecondIsOneDay,
        ]
        #expect(rates.map(\.rawValue) == [1, 2, 3, 4, 5, 6])
        for rate in rates {
          session.timeRate = rate
          #expect(session.timeRate == rate)
        }
        // RevenueCat sets raw 6 to avoid the deprecation warning.
        session.timeRate = SKTestSession.TimeRate(rawValue: 6)!
        #expect(session.timeRate == .oneSecondIsOneDay)
        #expect(SKTestSession.TimeRate(rawValue: 14) == nil)
      }
    }

    // MARK: Simulated errors

    @Test func aSimulatedErrorFailsItsAPIUntilDisarmed() async throws {
      try await Self.inSession { session, app throws in
        try await session.setSimulatedError(
          .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
        #expect(
          await session.simulatedError(forAPI: .loadProducts)
            == .generic(.networkError(URLError(.notConnectedToInternet))))
        do {
          _ = try await Product.products(for: ["level.pack"])
          Issue.record("products loaded")
        } catch let error as StoreKitError {
          #expect(ErrorTests.message(for: error) == "offline (-1009)")
        }
        try await session.setSimulatedError(nil, forAPI: .loadProducts)
        #expect(await session.simulatedError(forAPI: .loadProducts) == nil)
        #expect(try await Product.products(for: ["level.pack"]).count == 1)

        try await session.setSimulatedError(.purchase(.productUnavailable), forAPI: .purchase)
        let pack = try await Fixtures.product("level.pack")
        await #expect(throws: Product.PurchaseError.productUnavailable) { try await pack.purchase() }
        try await session.setSimulatedError(.generic(.notAvailableInStorefront), forAPI: .purchase)
        do {
          _ = try await pack.purchase()
          Issue.record("bought")
        } catch let error as StoreKitError {
          #expect(ErrorTests.message(for: error) == "not sold here")
        }
        try await session.setSimulatedError(nil, forAPI: .purchase)
        #expect(try await PurchaseTests.outcome(of: pack) == "verified level.pack ×1")

        try await session.setSimulatedError(.generic(.unknown), forAPI: .appStoreSync)
        await #expect(throws: StoreKitError.self) { try await AppStore.sync() }
        try await session.setSimulatedError(.generic(.notEntitled), forAPI: .appTransaction)
        await #expect(throws: StoreKitError.self) { try await AppTransaction.shared }
        await #expect(throws: StoreKitError.self) { try await AppTransaction.refresh() }
        try await session.setSimulatedError(.generic(.unsupported), forAPI: .subscriptionStatus)
        let group = try #require(try await Fixtures.product("pro.monthly").subscription?.subscriptionGroupID)
        await #expect(throws: StoreKitError.self) { try await Product.SubscriptionInfo.status(for: group) }
        session.resetToDefaultState()
        #expect(await session.simulatedError(forAPI: .subscriptionStatus) == nil)
        try await AppStore.sync()
      }
    }

    @Test func aSimulatedVerificationErrorMakesTransactionsUnverified() async throws {
      try await Self.inSession { session, app throws in
        try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
        #expect(await session.simulatedError(forAPI: .verification) == .verification(.invalidSignature))
        let result = try #require(await VerificationResultTests.purchaseResult("level.pack"))
        guard case .unverified(_, .invalidSignature) = result else {
          Issue.record("not unverified with invalidSignature: \(result)")
          return
        }
        try await session.setSimulatedError(.verification(.invalidCertificateChain), forAPI: .verification)
        let chain = try #require(await VerificationResultTests.purchaseResult("maps.hd"))
        guard case .unverified(_, .invalidCertificateChain) = chain else {
          Issue.record("armed invalidCertificateChain, got \(chain)")
          return
        }
        try await session.setSimulatedError(nil, forAPI: .verification)
        guard case .verified = try #require(await VerificationResultTests.purchaseResult("coins.100")) else {
          Issue.record("still unverified after disarming")
          return
        }
      }
    }

    @Test func theSheetsErrorsAreKeptAndReadBack() async throws {
      try await Self.inSession { session, app throws in
        try await session.setSimulatedError(.generic(.userCancelled), forAPI: .manageSubscriptions)
        #expect(await session.simulatedError(forAPI: .manageSubscriptions) == .generic(.userCancelled))
        try await session.setSimulatedError(.refundRequest(.duplicateRequest), forAPI: .refundRequest)
        #expect(await session.simulatedError(forAPI: .refundRequest) == .refundRequest(.duplicateRequest))
        try await session.setSimulatedError(.generic(.unknown), forAPI: .refundRequest)
        #expect(await session.simulatedError(forAPI: .refundRequest) == .generic(.unknown))
        try await session.setSimulatedError(.generic(.unknown), forAPI: .offerCodeRedeem)
        #expect(await session.simulatedError(forAPI: .offerCodeRedeem) == .generic(.unknown))
        try await session.setSimulatedError(nil, forAPI: .offerCodeRedeem)
        #expect(await session.simulatedError(forAPI: .offerCodeRedeem) == nil)
      }
    }

    @Test func theAPIsAreStructsNamedByLeadingDotStatics() {
      func name<API: FailableStoreKitAPI>(_ api: API) -> String { "\(API.self)" }
      #expect(name(.loadProducts) == "\(StoreKitLoadProductsAPI.self)")
      #expect(name(.purchase) == "\(StoreKitPurchaseAPI.self)")
      #expect(name(.verification) == "\(StoreKitVerificationAPI.self)")
      #expect(name(.appStoreSync) == "\(StoreKitAppStoreSyncAPI.self)")
      #expect(name(.subscriptionStatus) == "\(StoreKitSubscriptionStatusAPI.self)")
      #expect(name(.appTransaction) == "\(StoreKitAppTransactionAPI.self)")
      #expect(name(.manageSubscriptions) == "\(StoreKitManageSubscriptionsAPI.self)")
      #expect(name(.refundRequest) == "\(StoreKitRefundRequestAPI.self)")
      #expect(name(.offerCodeRedeem) == "\(StoreKitOfferCodeRedeemAPI.self)")
      let made: [any FailableStoreKitAPI] = [
        StoreKitLoadProductsAPI(), StoreKitPurchaseAPI(), StoreKitVerificationAPI(),
        StoreKitAppStoreSyncAPI(),
        StoreKitSubscriptionStatusAPI(), StoreKitAppTransactionAPI(), StoreKitManageSubscriptionsAPI(),
        StoreKitRefundRequestAPI(), StoreKitOfferCodeRedeemAPI(),
      ]
      #expect(made.count == 9)
      let failures: [any SKTestFailure] = [
        SKTestFailures.LoadProducts.generic(.unknown), SKTestFailures.Purchase.purchase(.invalidQuantity),
        SKTestFailures.Verification.verification(.invalidEncoding),
        SKTestFailures.AppStoreSync.generic(.unknown),
        SKTestFailures.SubscriptionStatus.generic(.unknown), SKTestFailures.AppTransaction.generic(.unknown),
        SKTestFailures.ManageSubscriptions.generic(.unknown),
        SKTestFailures.RefundRequest.refundRequest(.failed),
        SKTestFailures.OfferCodeRedeem.generic(.unknown),
      ]
      #expect(failures.count == 9)
      #expect(SKTestFailures.Purchase.generic(.unknown) != .purchase(.invalidQuantity))
      #expect(SKTestFailures.LoadProducts.generic(.unknown) == .generic(.unknown))
      #expect(
        SKTestFailures.LoadProducts.generic(.networkError(URLError(.timedOut)))
          != .generic(.networkError(URLError(.notConnectedToInternet))))
    }

    @available(*, deprecated, message: "uses failTransactionsEnabled and failureError, deprecated in iOS 17")
    @Test func theDeprecatedFailingTransactionsFailPurchasesWithTheirCode() async throws {
      try await Self.inSession { session, app throws in
        #expect(!session.failTransactionsEnabled)
        #expect(session.failureError == .unknown)
        session.failTransactionsEnabled = true
        let pack = try await Fixtures.product("level.pack")
        await #expect(throws: StoreKitError.self) { try await pack.purchase() }
        session.failureError = .invalidOfferIdentifier
        await #expect(throws: Product.PurchaseError.invalidOfferIdentifier) { try await pack.purchase() }
        session.failureError = .paymentCancelled
        #expect(try await PurchaseTests.outcome(of: pack) == "cancelled", "how a test reaches .userCancelled")
        session.failTransactionsEnabled = false
        #expect(try await PurchaseTests.outcome(of: pack) == "verified level.pack ×1")
      }
    }

    @Test func storeKit1NamesAreTheirCodes() {
      #expect(SKError.errorDomain == "SKErrorDomain")
      #expect(SKError(.paymentCancelled).code == .paymentCancelled)
      let codes: [SKError.Code] = [
        .unknown, .clientInvalid, .paymentCancelled, .paymentInvalid, .paymentNotAllowed,
        .storeProductNotAvailable,
        .cloudServicePermissionDenied, .cloudServiceNetworkConnectionFailed, .cloudServiceRevoked,
        .privacyAcknowledgementRequired, .unauthorizedRequestData, .invalidOfferIdentifier, .invalidSignature,
        .missingOfferParams, .invalidOfferPrice, .overlayCancelled, .overlayInvalidConfiguration,
        .overlayTimeout,
        .ineligibleForOffer, .unsupportedPlatform, .overlayPresentedInBackgroundScene,
      ]
      #expect(codes.map(\.rawValue) == Array(0...20))
      let states: [SKPaymentTransactionState] = [.purchasing, .purchased, .failed, .restored, .deferred]
      #expect(states.map(\.rawValue) == [0, 1, 2, 3, 4])
      #expect(SKTestError.errorDomain == "SKTestErrorDomain")
      let testCodes: [SKTestError.Code] = [
        .serviceUnavailable, .invalidProductIdentifier, .invalidProductType, .invalidURL, .fileNotFound,
        .noSubscriptionFound, .noTransactionFound, .invalidAction,
      ]
      #expect(testCodes.map(\.rawValue) == Array(0...7))
      #expect(SKTestError(.invalidAction) == SKTestError(.invalidAction))
    }
  }
}
