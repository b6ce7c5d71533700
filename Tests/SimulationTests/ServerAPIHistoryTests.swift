import Catalog
import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

@Suite struct ServerAPIHistoryTests {
  let world: World
  let account: Account

  init() throws {
    world = try World.onDefaultCatalog()
    account = try #require(world.store.account(named: "default"))
  }

  /// Every page of a history request, following `revision`, as transaction ids.
  private func pages(
    _ version: Int = 2, id: String, _ query: [(String, String)] = [], limit: Int = 20
  ) throws -> [[String]] {
    var result: [[String]] = []
    var revision: String?
    while result.count < limit {
      let response = world.call(
        "GET", "/inApps/v\(version)/history/\(id)", query: query + (revision.map { [("revision", $0)] } ?? [])
      )
      let page = try world.decode(HistoryResponse.self, response)
      #expect(page.bundleId == "com.example.storebench" && page.environment == "Sandbox")
      #expect(page.appAppleId == world.appAppleId)
      result.append(
        try page.signedTransactions.map {
          try #require(world.verified(JWSTransactionDecodedPayload.self, $0).transactionId)
        })
      revision = page.revision
      if !page.hasMore { break }
    }
    return result
  }

  private func code(_ query: [(String, String)], id: String = "2000000000000001") throws -> Int {
    try errorCode(world.call("GET", "/inApps/v2/history/\(id)", query: query))
  }

  @Test func historyComesTwentyAPageAcrossThreePagesWithTheSameFilters() throws {
    var ids: [String] = []
    for _ in 0..<45 {
      ids.append(try world.charge("coins.100").transactionId)
      try world.advanceClock(by: TimeSpan(seconds: 60))
    }
    let all = try pages(id: ids[7])
    #expect(all.map(\.count) == [20, 20, 5])
    #expect(all.flatMap { $0 } == ids)
    let descending = try pages(id: ids[0], [("sort", "DESCENDING")])
    #expect(descending.map(\.count) == [20, 20, 5] && descending.flatMap { $0 } == ids.reversed())
    let filtered = try pages(id: ids[0], [("productType", "CONSUMABLE"), ("productId", "coins.100")])
    #expect(filtered.flatMap { $0 } == ids)
  }

  @Test func aRevisionServesOnlyTheFiltersItWasMadeFor() throws {
    for _ in 0..<25 { try world.charge("coins.100") }
    let first = try world.decode(
      HistoryResponse.self,
      world.call("GET", "/inApps/v2/history/2000000000000001", query: [("productType", "CONSUMABLE")]))
    #expect(first.hasMore && first.signedTransactions.count == 20)
    let second = world.call(
      "GET", "/inApps/v2/history/2000000000000001",
      query: [("productType", "CONSUMABLE"), ("revision", first.revision)])
    #expect(try world.decode(HistoryResponse.self, second).signedTransactions.count == 5)
    #expect(try code([("productType", "NON_CONSUMABLE"), ("revision", first.revision)]) == 4_000_005)
    #expect(try code([("revision", first.revision)]) == 4_000_005)
    #expect(try code([("revision", "garbage!")]) == 4_000_005)
    #expect(try code([("revision", "OTk5OTkuMA")]) == 4_000_005)  // "99999.0", past the end, other digest
    let v1 = world.call(
      "GET", "/inApps/v1/history/2000000000000001",
      query: [("productType", "CONSUMABLE"), ("revision", first.revision)])
    #expect(try errorCode(v1) == 4_000_005)
  }

  @Test func aChangedTransactionComesAgainAfterWhatWasModifiedBefore() throws {
    let first = try world.charge("level.pack")
    try world.advanceClock(by: TimeSpan(seconds: 60))
    let second = try world.charge("maps.hd")
    try world.advanceClock(by: TimeSpan(seconds: 60))
    try world.store.refund(transactionNumber: first.transactionNumber, reason: .other, account: account)
    let order = try pages(id: second.transactionId).flatMap { $0 }
    #expect(order == [second.transactionId, first.transactionId])
  }

  @Test func eachFilterSelectsWhatAppleDescribes() throws {
    let coins = try world.charge("coins.100")
    try world.advanceClock(by: TimeSpan(seconds: 3600))
    let pack = try world.charge("level.pack")
    let pass = try world.charge("season.pass")
    try world.advanceClock(by: TimeSpan(seconds: 3600))
    let monthly = try world.charge("pro.monthly")
    try world.store.refund(transactionNumber: pack.transactionNumber, reason: .other, account: account)
    try world.store.addAccount(named: "kid")
    try world.store.addToFamily("kid", organizer: account)
    let kid = try #require(world.store.account(named: "kid"))
    let sharedPack = try #require(kid.history.first { $0.productId == "level.pack" } ?? kid.history.first)
    let id = coins.transactionId
    let flat = { (query: [(String, String)]) throws -> Set<String> in
      Set(try self.pages(id: id, query).flatMap { $0 })
    }
    let ms = { (date: Date) in String(Int64(date.timeIntervalSince1970 * 1000)) }

    #expect(
      try flat([("productId", "coins.100"), ("productId", "season.pass")]) == [
        coins.transactionId, pass.transactionId,
      ])
    #expect(try flat([("productType", "NON_RENEWABLE")]) == [pass.transactionId])
    #expect(
      try flat([("productType", "AUTO_RENEWABLE"), ("productType", "NON_CONSUMABLE")]) == [
        pack.transactionId, monthly.transactionId,
      ])
    #expect(
      try flat([("subscriptionGroupIdentifier", Subscription.derivedGroupIdentifier(of: "Pro"))]) == [
        monthly.transactionId
      ])
    #expect(try flat([("subscriptionGroupIdentifier", "12345678")]).isEmpty)
    #expect(
      try flat([("startDate", ms(pack.purchaseDate)), ("endDate", ms(monthly.purchaseDate))]) == [
        pack.transactionId, pass.transactionId,
      ])
    #expect(try flat([("startDate", ms(monthly.purchaseDate))]) == [monthly.transactionId])
    #expect(try flat([("endDate", ms(pack.purchaseDate))]) == [coins.transactionId])
    for flag in ["true", "True"] { #expect(try flat([("revoked", flag)]) == [pack.transactionId]) }
    for flag in ["false", "False"] {
      #expect(
        try flat([("revoked", flag)]) == [coins.transactionId, pass.transactionId, monthly.transactionId])
    }
    #expect(
      try flat([("excludeRevoked", "true")]) == [
        coins.transactionId, pass.transactionId, monthly.transactionId,
      ])
    #expect(try flat([("excludeRevoked", "false")]).count == 4)
    #expect(try flat([("inAppOwnershipType", "PURCHASED")]).count == 4)
    #expect(try flat([("inAppOwnershipType", "FAMILY_SHARED")]).isEmpty)
    #expect(try flat([("inAppOwnershipType", "ASSIGNED")]).isEmpty)
    let kidShared = Set(
      try pages(id: sharedPack.transactionId, [("inAppOwnershipType", "FAMILY_SHARED")]).flatMap { $0 })
    #expect(kidShared == Set(kid.history.map(\.transactionId)) && !kidShared.isEmpty)
  }

  @Test func invalidParametersGetTheirCodes() throws {
    try world.charge("coins.100")
    #expect(try code([("startDate", "yesterday")]) == 4_000_015)
    #expect(try code([("startDate", "-5")]) == 4_000_015)
    #expect(try code([("endDate", "1.5")]) == 4_000_016)
    #expect(try code([("startDate", "2000"), ("endDate", "1000")]) == 4_000_013)
    #expect(try code([("startDate", "1000"), ("endDate", "1000")]) == 4_000_013)
    #expect(try code([("productType", "SUBSCRIPTION")]) == 4_000_022)
    #expect(try code([("productId", "")]) == 4_000_023)
    #expect(try code([("subscriptionGroupIdentifier", "Pro")]) == 4_000_024)
    #expect(try code([("excludeRevoked", "yes")]) == 4_000_025)
    #expect(try code([("inAppOwnershipType", "MINE")]) == 4_000_026)
    #expect(try code([("revoked", "TRUE")]) == 4_000_030)
    #expect(try code([("sort", "ascending")]) == 4_000_021)
    #expect(try code([("sort", "ASCENDING")], id: "abc") == 4_000_006)
  }

  @Test func v1LeavesOutConsumablesTheAppFinished() throws {
    let coins = try world.buy("coins.100")  // the app finishes it
    let pack = try world.buy("level.pack")
    let id = try #require(pack.record?.transactionId)
    #expect(try pages(1, id: id).flatMap { $0 } == [id])
    #expect(try pages(2, id: id).flatMap { $0 } == [try #require(coins.record?.transactionId), id])
  }

  @Test func renewalsAndUpgradesAreInTheHistoryOfTheWholeCustomer() throws {
    let monthly = try world.charge("pro.monthly")
    try world.advanceClock(by: TimeSpan(months: 3))
    let renewals = account.history.filter { $0.reason == .renewal }
    #expect(renewals.count >= 2)
    let ids = try pages(id: monthly.transactionId).flatMap { $0 }
    #expect(ids == account.history.map(\.transactionId))
    let fromRenewal = try pages(id: try #require(renewals.last).transactionId).flatMap { $0 }
    #expect(fromRenewal == ids)
  }

  @Test func aTransactionRefundedWhilePagingComesBackOnALaterPage() throws {
    var ids: [String] = []
    for _ in 0..<30 { ids.append(try world.charge("coins.100").transactionId) }
    let first = try world.decode(HistoryResponse.self, world.call("GET", "/inApps/v2/history/\(ids[0])"))
    try world.store.refund(transactionNumber: 2_000_000_000_000_003, reason: .other, account: account)
    let second = try world.decode(
      HistoryResponse.self,
      world.call("GET", "/inApps/v2/history/\(ids[0])", query: [("revision", first.revision)]))
    let later = try second.signedTransactions.map {
      try world.verified(JWSTransactionDecodedPayload.self, $0)
    }
    #expect(later.map(\.transactionId) == Array(ids[20...]) + [ids[2]])
    #expect(later.last?.revocationDate != nil && !second.hasMore)
  }

  @Test func aLongHistoryPagesThroughToTheEnd() throws {
    for _ in 0..<1_000 { try world.charge("coins.100") }
    let all = try pages(id: "2000000000000500", limit: 60)
    #expect(all.count == 50 && all.allSatisfy { $0.count == 20 })
    #expect(all.flatMap { $0 } == account.history.map(\.transactionId))
  }
}
