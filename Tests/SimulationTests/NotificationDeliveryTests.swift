import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// How notifications reach the server: fan-out, Apple's retry schedule on the virtual clock,
/// the sandbox's single attempt, and attempts in time order with renewals.
@Suite struct NotificationDeliveryTests {
  private static let hour: TimeInterval = 3600

  @Test func eachNotificationIsPostedToEveryURLOfItsEnvironmentAsASignedPayloadBody() throws {
    let transport = ScriptedTransport(results: [.success, .socketIssue])
    let world = try World.notifying(urls: ["http://a.test/n", "https://b.test/n"], transport: transport)
    try world.notifications.add(NotificationURL("http://prod.test/", environment: .production))
    _ = try world.buy("coins.100")
    #expect(transport.posts.map(\.url) == ["http://a.test/n", "https://b.test/n"])
    let record = try #require(world.notifications.records.first)
    #expect(transport.posts.allSatisfy { $0.body == #"{"signedPayload":""# + record.signedPayload + #""}"# })
    #expect(record.deliveries.map { $0.attempts.map(\.result) } == [[.success], [.socketIssue]])
    #expect(record.deliveries.allSatisfy { $0.nextAttemptDate == nil })
    #expect(record.hasSucceeded)
  }

  @Test func withoutATransportAnAttemptIsRecordedAsOther() throws {
    let world = try World.notifying(transport: nil)
    _ = try world.buy("coins.100")
    #expect(world.notifications.records.first?.sendAttempts.map(\.result) == [.other])
  }

  @Test func theSandboxTriesOnce() throws {
    let transport = ScriptedTransport(results: Array(repeating: .unsuccessfulHTTPResponseCode, count: 9))
    let world = try World.notifying(.sandbox, transport: transport)
    _ = try world.buy("coins.100")
    try world.advanceClock(by: TimeSpan(seconds: 30 * 86_400))
    #expect(transport.posts.count == 1)
    #expect(world.notifications.nextAttemptDue == nil)
  }

  @Test func productionRetriesAfter1_12_24_48And72HoursOfVirtualTime() throws {
    let transport = ScriptedTransport(results: Array(repeating: .timedOut, count: 9))
    let world = try World.notifying(.production, transport: transport)
    _ = try world.buy("coins.100")
    let created = try #require(world.notifications.records.first?.createdDate)
    try world.advanceClock(by: TimeSpan(seconds: 30 * 86_400))
    let attempts = try #require(world.notifications.records.first?.sendAttempts)
    let offsets = attempts.map { $0.attemptDate.timeIntervalSince(created) / Self.hour }
    #expect(offsets == [0, 1, 13, 37, 85, 157])
    #expect(transport.posts.count == 6)
    #expect(world.notifications.nextAttemptDue == nil)
  }

  @Test func aRetryThatSucceedsEndsTheSchedule() throws {
    let transport = ScriptedTransport(results: [.noResponse, .noResponse])
    let world = try World.notifying(.production, transport: transport)
    _ = try world.buy("coins.100")
    try world.advanceClock(by: TimeSpan(seconds: 2 * 86_400))
    let record = try #require(world.notifications.records.first)
    #expect(record.sendAttempts.map(\.result) == [.noResponse, .noResponse, .success])
    #expect(world.notifications.nextAttemptDue == nil)
  }

  @Test func aRemovedURLGetsNoMoreRetries() throws {
    let transport = ScriptedTransport(results: [.noResponse, .noResponse])
    let world = try World.notifying(
      .production, urls: ["http://a.test/", "http://b.test/"], transport: transport)
    _ = try world.buy("coins.100")
    try world.notifications.remove("http://a.test/")
    try world.advanceClock(by: TimeSpan(seconds: 2 * 86_400))
    #expect(transport.posts.map(\.url) == ["http://a.test/", "http://b.test/", "http://b.test/"])
  }

  @Test func retriesFallDueInTimeOrderWithRenewals() throws {
    let transport = ScriptedTransport(results: Array(repeating: .socketIssue, count: 200))
    let world = try World.notifying(.production, transport: transport)
    world.store.timeRate = .monthlyEveryThirtyMinutes
    var events: [Event] = []
    world.log.redirect { events.append($0) }
    _ = try world.buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(seconds: 8 * 3600))
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    let attempts = events.filter { $0.action == "notification" }
    let renewals = events.filter { $0.action == "renewed" }
    #expect(renewals.count >= 10)
    let firstRetry = try #require(
      attempts.first { $0.detail.contains("INITIAL_BUY") && $0.detail.contains("attempt 2") })
    #expect(firstRetry.time == world.notifications.records[0].createdDate.addingTimeInterval(Self.hour))
    #expect(
      renewals.contains { $0.time < firstRetry.time } && renewals.contains { $0.time > firstRetry.time })
    for record in world.notifications.records {
      let dates = record.sendAttempts.map(\.attemptDate)
      #expect(dates.first == record.createdDate)
      #expect(
        zip(dates, dates.dropFirst()).map { $1.timeIntervalSince($0) / Self.hour }.allSatisfy {
          [1, 12, 24, 48, 72].contains($0)
        })
    }
  }

  @Test func urlsAreCheckedAndKeptPerEnvironment() throws {
    let notifications = ServerNotifications()
    #expect(throws: SimulationError.self) { try NotificationURL("ftp://x.test/", environment: .sandbox) }
    #expect(throws: SimulationError.self) { try NotificationURL("not a url", environment: .sandbox) }
    #expect(throws: SimulationError.self) { try NotificationURL("http:///path", environment: .sandbox) }
    try notifications.add(NotificationURL("http://a.test/", environment: .sandbox))
    try notifications.add(NotificationURL("http://a.test/", environment: .production))
    #expect(throws: SimulationError.self) {
      try notifications.add(NotificationURL("http://a.test/", environment: .sandbox))
    }
    #expect(notifications.urls(for: .sandbox) == ["http://a.test/"])
    #expect(try notifications.remove("http://a.test/").count == 2)
    #expect(throws: SimulationError.self) { try notifications.remove("http://a.test/") }
  }

  @Test func notificationUUIDsRepeatFromRunToRunAndDiffer() {
    let first = ServerNotifications()
    let second = ServerNotifications()
    let a = (0..<100).map { _ in first.makeNotificationUUID(for: .scripted) }
    let b = (0..<100).map { _ in second.makeNotificationUUID(for: .scripted) }
    #expect(a == b)
    #expect(Set(a).count == 100)
    #expect(a.allSatisfy { UUID(uuidString: $0)?.uuidString.lowercased() == $0 && Array($0)[14] == "4" })
  }
}
