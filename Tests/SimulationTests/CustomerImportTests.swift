import Catalog
import Foundation
import Store
import Testing

@testable import Simulation

/// `World.importCustomer(_:)`: a customer's facts merged into a world.
@Suite struct CustomerImportTests {
  private static let day: TimeInterval = 86_400

  /// What a receipt of `world`'s current account would say, as readers make it.
  private static func customerData(of world: World) -> CustomerData {
    var data = CustomerData(source: "test")
    data.asOf = world.store.clock.now
    data.app.bundleId = world.store.catalog.bundleId
    for record in world.device.queue.account!.history {
      var transaction = CustomerTransaction(receiptOf: record)
      transaction.cancellationReason = record.cancellationReason
      data.transactions.append(transaction)
    }
    for state in world.device.queue.account!.subscriptions.values {
      var renewal = CustomerRenewal(originalTransactionNumber: state.originalTransactionNumber)
      renewal.isAutoRenewOn = state.isAutoRenewOn
      renewal.autoRenewProductId = state.autoRenewProductId
      renewal.expirationIntent = state.expirationIntent ?? state.pendingExpirationIntent
      data.renewals.append(renewal)
    }
    return data
  }

  private static func subscriptionWorld() throws -> World {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
    _ = try world.buy("coins.100")
    _ = try world.buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(months: 2))
    try world.store.setAutoRenew(false, productId: "pro.monthly", account: world.device.queue.account!)
    return world
  }

  @Test func aWorldsOwnRecordsMakeTheSameCustomerInAFreshWorld() throws {
    let original = try Self.subscriptionWorld()
    let copy = try World.onDefaultCatalog()
    let report = try copy.importCustomer(Self.customerData(of: original))
    #expect(report.added == 5)
    #expect(report.synthesized.isEmpty)
    #expect(copy.store.clock.now == original.store.clock.now)
    let mine = original.device.queue.account!
    let theirs = copy.device.queue.account!
    #expect(theirs.history.map(\.transactionNumber) == mine.history.map(\.transactionNumber))
    #expect(theirs.history.map(\.purchaseDate) == mine.history.map(\.purchaseDate))
    #expect(theirs.history.map(\.expiresDate) == mine.history.map(\.expiresDate))
    #expect(theirs.history.map(\.reason) == mine.history.map(\.reason))
    let state = try #require(theirs.subscriptions["Pro"])
    let expected = try #require(mine.subscriptions["Pro"])
    #expect(state.expiresDate == expected.expiresDate)
    #expect(state.renewals == expected.renewals)
    #expect(!state.isAutoRenewOn)
    #expect(state.status(at: copy.store.clock.now) == expected.status(at: original.store.clock.now))
    // The timeline continues the same way: at the period's end both expire, cancelled.
    try original.advanceClock(by: TimeSpan(months: 1))
    try copy.advanceClock(by: TimeSpan(months: 1))
    #expect(theirs.subscriptions["Pro"]?.expirationIntent == .customerCancelled)
    #expect(theirs.subscriptions["Pro"]?.expirationIntent == mine.subscriptions["Pro"]?.expirationIntent)
    #expect(theirs.history.count == mine.history.count)
  }

  @Test func aSubscriptionLeftRenewingRenewsWhenTheClockMoves() throws {
    let original = try World.onDefaultCatalog()
    _ = try original.buy("pro.monthly")
    let copy = try World.onDefaultCatalog()
    try copy.importCustomer(Self.customerData(of: original))
    try copy.advanceClock(by: TimeSpan(months: 3))
    let history = copy.device.queue.account!.history
    #expect(history.count == 4)
    #expect(
      history.dropFirst().allSatisfy {
        $0.reason == .renewal && $0.originalTransactionNumber == history[0].transactionNumber
      })
    #expect(copy.device.queue.account!.subscriptions["Pro"]?.renewals == 3)
  }

  @Test func twoPurchaseDatesForOneTransactionAreAConflictThatChangesNothing() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
    var data = Self.customerData(of: world)
    data.source = "receipt r.b64"
    data.transactions[0].purchaseDate += 3 * Self.day
    data.asOf = world.store.clock.now + 30 * Self.day
    let before = world.device.queue.account!.history
    let clock = world.store.clock.now
    #expect {
      try world.importCustomer(data)
    } throws: { error in
      let text = String(describing: error)
      return text.contains("receipt r.b64: 1 conflict") && text.contains("purchase_date")
        && text.contains("--prefer")
    }
    #expect(world.device.queue.account!.history == before)
    #expect(world.store.clock.now == clock)
    let report = try world.importCustomer(data, preference: .incoming)
    #expect(report.settledConflicts.count == 1)
    #expect(world.device.queue.account!.history[0].purchaseDate == data.transactions[0].purchaseDate)
  }

  @Test func oneTransactionTwiceInTheDataMustAgree() throws {
    let world = try World.onDefaultCatalog()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var first = CustomerTransaction(
      transactionNumber: 42, originalTransactionNumber: 42, productId: "pro.monthly", purchaseDate: start,
      originalPurchaseDate: start)
    first.expiresDate = start + 30 * Self.day
    var second = first
    second.expiresDate = start + 31 * Self.day
    second.webOrderLineItemNumber = 7
    var data = CustomerData(source: "jws page.json")
    data.transactions = [first, second]
    #expect {
      try world.importCustomer(data)
    } throws: { String(describing: $0).contains("jws page.json: transaction 42 appears twice") }
    #expect(world.device.queue.account!.history.isEmpty)
    try world.importCustomer(data, preference: .incoming)
    #expect(world.device.queue.account!.history.map(\.expiresDate) == [start + 31 * Self.day])
    var agreeing = first
    agreeing.webOrderLineItemNumber = 7
    data.transactions = [first, agreeing]
    let other = try World.onDefaultCatalog()
    try other.importCustomer(data)
    #expect(other.device.queue.account!.history.map(\.webOrderLineItemNumber) == [7])
  }

  @Test func millisecondsAndALaterRefundJoinWhatTheWorldHeldWithoutConflict() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
    var data = Self.customerData(of: world)
    data.transactions[0].purchaseDate += 0.25
    data.transactions[0].cancellationDate = world.store.clock.now + Self.day
    data.transactions[0].cancellationReason = .appIssue
    let report = try world.importCustomer(data)
    #expect(report.merged == 1 && report.settledConflicts.isEmpty)
    let record = world.device.queue.account!.history[0]
    #expect(record.purchaseDate == data.transactions[0].purchaseDate)
    #expect(record.cancellationReason == .appIssue)
    #expect(world.device.queue.account!.revocations == [0])
  }

  @Test func unknownProductsAreMadeFromWhatTheDataShows() throws {
    let world = try World.onDefaultCatalog()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var data = CustomerData(source: "test")
    for week in 0..<3 {
      var renewal = CustomerTransaction(
        transactionNumber: 500 + UInt64(week), originalTransactionNumber: 500, productId: "weekly",
        purchaseDate: start + Double(week) * 7 * Self.day, originalPurchaseDate: start)
      renewal.expiresDate = renewal.purchaseDate + 7 * Self.day
      data.transactions.append(renewal)
    }
    var upgraded = CustomerTransaction(
      transactionNumber: 510, originalTransactionNumber: 500, productId: "weekly.plus",
      purchaseDate: start + 21 * Self.day, originalPurchaseDate: start)
    upgraded.expiresDate = upgraded.purchaseDate + 7 * Self.day
    data.transactions.append(upgraded)
    data.transactions.append(
      CustomerTransaction(
        transactionNumber: 600, originalTransactionNumber: 600, productId: "gems", quantity: 5,
        purchaseDate: start,
        originalPurchaseDate: start))
    data.transactions.append(
      CustomerTransaction(
        transactionNumber: 601, originalTransactionNumber: 601, productId: "unlock", purchaseDate: start,
        originalPurchaseDate: start))
    var typed = CustomerTransaction(
      transactionNumber: 602, originalTransactionNumber: 602, productId: "tokens", purchaseDate: start,
      originalPurchaseDate: start)
    typed.productType = .consumable
    data.transactions.append(typed)
    let report = try world.importCustomer(data)
    let made = Dictionary(uniqueKeysWithValues: report.synthesized.map { ($0.product.id, $0.product) })
    #expect(made.keys.sorted() == ["gems", "tokens", "unlock", "weekly", "weekly.plus"])
    #expect(made["weekly"]?.subscription?.period == SubscriptionPeriod(value: 1, unit: .week))
    #expect(made["weekly"]?.subscription?.group == made["weekly.plus"]?.subscription?.group)
    #expect(made["gems"]?.type == .consumable)
    #expect(made["unlock"]?.type == .nonConsumable)
    #expect(made["tokens"]?.type == .consumable)
    #expect(world.store.catalog.product("weekly.plus") != nil)
    let group = try #require(made["weekly"]?.subscription?.group)
    #expect(world.device.queue.account!.subscriptions[group]?.productId == "weekly.plus")
  }

  @Test func aMadeProductTakesThePricePaidOnlyInTheCatalogsCurrency() throws {
    let world = try World.onDefaultCatalog()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var data = CustomerData(source: "test")
    for (number, product, milliunits, currency) in [
      (UInt64(700), "dollars", Int64(5_980), "USD"), (701, "yen", 230_000, "JPY"),
    ] {
      var transaction = CustomerTransaction(
        transactionNumber: number, originalTransactionNumber: number, productId: product, quantity: 2,
        purchaseDate: start, originalPurchaseDate: start)
      transaction.priceMilliunits = milliunits
      transaction.currency = currency
      data.transactions.append(transaction)
    }
    let report = try world.importCustomer(data)
    #expect(report.synthesized.map(\.product.basePrice) == [Decimal(string: "2.99"), 0])
    #expect(report.synthesized.map(\.reasoning).last?.hasSuffix("price unknown: 0") == true)
    #expect(world.device.queue.account!.history.map(\.charged.description) == ["5.98 USD", "230 JPY"])
  }

  @Test func aPricePaidInAnotherStorefrontIsThatStorefrontsAndKnown() throws {
    let world = try World.onDefaultCatalog()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var data = CustomerData(source: "test")
    var transaction = CustomerTransaction(
      transactionNumber: 800, originalTransactionNumber: 800, productId: "stickers", purchaseDate: start,
      originalPurchaseDate: start)
    transaction.priceMilliunits = 230_000
    transaction.currency = "JPY"
    transaction.storefront = "JPN"
    data.transactions.append(transaction)
    let report = try world.importCustomer(data)
    let made = try #require(report.synthesized.first)
    #expect(made.product.basePrice == 0)
    #expect(made.product.storefrontPrices == ["JPN": 230])
    #expect(made.reasoning.hasSuffix("price unknown in USA: 0, 230 JPY in JPN as paid"))
    let record = try #require(world.device.queue.account!.history.first)
    #expect(record.charged.description == "230 JPY" && !record.isPriceAssumed)
    #expect(report.prices.known == 1 && report.prices.assumed.isEmpty)
  }

  @Test func aPeriodInAnOfferDoesNotPriceAMadeProduct() throws {
    let world = try World.onDefaultCatalog()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var data = CustomerData(source: "test")
    for (number, intro, milliunits) in [(UInt64(900), true, Int64(990)), (901, false, 2_990)] {
      var period = CustomerTransaction(
        transactionNumber: number, originalTransactionNumber: 900, productId: "plus.monthly",
        purchaseDate: start + Double(number - 900) * 30 * Self.day, originalPurchaseDate: start)
      period.expiresDate = period.purchaseDate + 30 * Self.day
      period.isInIntroOfferPeriod = intro
      period.priceMilliunits = milliunits
      period.currency = "USD"
      data.transactions.append(period)
    }
    let report = try world.importCustomer(data)
    #expect(report.synthesized.first?.product.basePrice == Decimal(string: "2.99"))
  }

  @Test func aWorldsOwnReceiptRebuildsItsProductsInAWorldWithoutThem() throws {
    let original = try World.onDefaultCatalog()
    original.device.queue.removeObserver(named: "app")
    _ = try original.buy("coins.100")
    _ = try original.buy("level.pack")
    _ = try original.buy("pro.yearly")
    let receipt = try original.signedReceipt(of: original.device)
    let trust = ImportTrust(roots: [try original.authority().root])
    let data = try ReceiptImport.read(receipt, source: "receipt", trust: trust)
    let empty = World(
      catalog: Catalog(bundleId: "com.example.other", products: []), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    let report = try empty.importCustomer(data)
    let made = Dictionary(uniqueKeysWithValues: report.synthesized.map { ($0.product.id, $0.product) })
    for id in ["coins.100", "level.pack", "pro.yearly"] {
      let product = try #require(original.store.catalog.product(id))
      #expect(made[id]?.type == product.type, "\(id)")
      #expect(made[id]?.subscription?.period == product.subscription?.period, "\(id)")
    }
    #expect(empty.store.catalog.bundleId == original.store.catalog.bundleId)
    #expect(
      empty.device.queue.account!.history.map(\.transactionNumber)
        == original.device.queue.account!.history.map(\.transactionNumber))
  }

  @Test func sandboxSpeedPeriodsMakeMonthlyProductsAndSetTheSandboxRate() throws {
    let world = try World.onDefaultCatalog()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var data = CustomerData(source: "test")
    for period in 0..<4 {
      var transaction = CustomerTransaction(
        transactionNumber: 900 + UInt64(period), originalTransactionNumber: 900, productId: "fast.monthly",
        purchaseDate: start + Double(period) * 300, originalPurchaseDate: start)
      transaction.expiresDate = transaction.purchaseDate + 300
      data.transactions.append(transaction)
    }
    data.asOf = start + 1000
    let report = try world.importCustomer(data)
    #expect(
      report.synthesized.first?.product.subscription?.period == SubscriptionPeriod(value: 1, unit: .month))
    #expect(world.store.timeRate == .sandbox)
  }

  @Test func billingRetryAndGraceComeAcrossAndRunOut() throws {
    let original = try World.onDefaultCatalog()
    _ = try original.buy("pro.monthly")
    var data = Self.customerData(of: original)
    let expires = try #require(data.transactions[0].expiresDate)
    data.asOf = expires + Self.day
    data.renewals[0].isAutoRenewOn = true
    data.renewals[0].isInBillingRetry = true
    data.renewals[0].gracePeriodExpiresDate = expires + 16 * Self.day
    let world = try World.onDefaultCatalog()
    try world.importCustomer(data)
    let state = try #require(world.device.queue.account!.subscriptions["Pro"])
    #expect(state.status(at: world.store.clock.now) == .inGrace)
    try world.advanceClock(by: TimeSpan(seconds: 20 * 86_400))
    #expect(state.status(at: world.store.clock.now) == .inBillingRetry)
    try world.advanceClock(by: TimeSpan(months: 3))
    #expect(state.expirationIntent == .billingError)
  }

  @Test func anExpiredSubscriptionWithNothingKnownOfItsRenewalStaysExpired() throws {
    let original = try World.onDefaultCatalog()
    _ = try original.buy("pro.monthly")
    var data = Self.customerData(of: original)
    data.renewals = []
    data.asOf = (data.transactions[0].expiresDate ?? .distantPast) + 40 * Self.day
    let world = try World.onDefaultCatalog()
    let report = try world.importCustomer(data)
    #expect(
      report.subscriptions == [
        "subscription pro.monthly: expired, expires \(Timestamp.iso8601Milliseconds(data.transactions[0].expiresDate ?? .distantPast)), auto-renew off (assumed: the data does not say)"
      ])
    try world.advanceClock(by: TimeSpan(months: 2))
    #expect(world.device.queue.account!.history.count == 1)
  }

  @Test func oneImportOrOneFactAtATimeSaveTheSameWorld() throws {
    let original = try Self.subscriptionWorld()
    let data = Self.customerData(of: original)
    let whole = try World.onDefaultCatalog()
    try whole.importCustomer(data)
    let pieces = try World.onDefaultCatalog()
    try pieces.store.setClock(to: try #require(data.asOf))
    var app = CustomerData(source: "app")
    app.app = data.app
    try pieces.importCustomer(app, writesReceipt: false)
    for transaction in data.transactions {
      var line = CustomerData(source: "line")
      line.transactions = [transaction]
      try pieces.importCustomer(line, writesReceipt: false)
    }
    var renewals = CustomerData(source: "renewals")
    renewals.renewals = data.renewals
    try pieces.importCustomer(renewals, writesReceipt: false)
    pieces.refreshReceipt(of: pieces.device)
    let first = String(decoding: try WorldFile.encode(whole), as: UTF8.self)
    let second = String(decoding: try WorldFile.encode(pieces), as: UTF8.self)
    #expect(first == second)
  }

  @Test func aTransactionOfAnotherAccountIsRefused() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
    let data = Self.customerData(of: world)
    world.device.queue.signIn(try world.store.addAccount(named: "other"))
    #expect(throws: ImportError.self) { try world.importCustomer(data) }
  }
}
