import Foundation
import Store

/// What Apple keeps of external purchases: the tokens customers got by following the app's link
/// out, the reports the External Purchase Server API accepted, and the notifications owed on the
/// virtual clock (``ExternalPurchaseDue``).
///
/// When they are owed (Apple's External Purchase Server API and App Store Server Notifications
/// documentation): `UNREPORTED` 10 days after a plain token's creation, or when a custom link
/// token expires, unless a report named the token first; `ACTIVE_TOKEN_REMINDER` each month from a
/// custom link token's creation while it is active, unless a report called it a duplicate.
public struct ExternalPurchases: Sendable {
  /// How long Apple waits for a report of a token without an expiration before `UNREPORTED`.
  public static let reportingDelay = TimeSpan(seconds: 10 * 86_400)
  /// How long a custom link token lives in the sandbox (Apple: one hour).
  public static let sandboxLifetime = TimeSpan(seconds: 3_600)
  /// How long a custom link token lives in production (a year, as Apple's example token).
  public static let productionLifetime = TimeSpan(months: 12)
  /// The interval of `ACTIVE_TOKEN_REMINDER` (Apple: monthly).
  public static let reminderInterval = TimeSpan(months: 1)

  /// Every token, in the order customers got them.
  public private(set) var tokens: [ExternalPurchaseToken] = []
  private var tokenPositions: [String: Int] = [:]
  /// Every accepted report, in the order they came.
  public private(set) var reports: [ExternalPurchaseReport] = []
  private var reportPositions: [String: Int] = [:]
  /// The notifications owed, by instant.
  private var due = Scheduler<ExternalPurchaseDue>()

  /// Creates an empty record.
  public init() {}

  /// Rebuilds the record of a saved world: the notifications still owed follow from the tokens.
  init(tokens: [ExternalPurchaseToken], reports: [ExternalPurchaseReport]) {
    for token in tokens { add(token) }
    for report in reports {
      reportPositions[report.requestIdentifier] = self.reports.count
      self.reports.append(report)
    }
  }

  /// When the next owed notification falls, if any.
  public var nextDue: Date? { due.nextDue }

  /// The token of an `externalPurchaseId`.
  public func token(_ externalPurchaseId: String) -> ExternalPurchaseToken? {
    tokenPositions[externalPurchaseId].map { tokens[$0] }
  }

  /// The report of a `requestIdentifier`.
  public func report(_ requestIdentifier: String) -> ExternalPurchaseReport? {
    reportPositions[requestIdentifier].map { reports[$0] }
  }

  /// Keeps a new token and schedules what is owed for it.
  mutating func add(_ token: ExternalPurchaseToken) {
    tokenPositions[token.externalPurchaseId] = tokens.count
    tokens.append(token)
    if !token.isReported, !token.unreportedSent {
      due.schedule(
        .unreported(externalPurchaseId: token.externalPurchaseId), at: Self.unreportedDate(of: token))
    }
    scheduleReminder(of: token)
  }

  /// Keeps an accepted report and marks its token reported.
  mutating func accept(_ report: ExternalPurchaseReport) {
    reportPositions[report.requestIdentifier] = reports.count
    reports.append(report)
    update(report.externalPurchaseId) { $0.reportedStatuses.append(report.status) }
  }

  /// Takes the earliest notification owed at or before `date`.
  mutating func popDue(notAfter date: Date) -> (due: Date, payload: ExternalPurchaseDue)? {
    due.popDue(notAfter: date)
  }

  /// Notes that a reminder was made (or fell due while nothing could be sent), and schedules the
  /// next one.
  mutating func noteReminder(of externalPurchaseId: String) {
    update(externalPurchaseId) { $0.remindersSent += 1 }
    if let token = token(externalPurchaseId) { scheduleReminder(of: token) }
  }

  /// Notes that `UNREPORTED` fell due for a token.
  mutating func noteUnreported(of externalPurchaseId: String) {
    update(externalPurchaseId) { $0.unreportedSent = true }
  }

  /// When `UNREPORTED` falls due: at a custom link token's expiration, else 10 days after creation.
  public static func unreportedDate(of token: ExternalPurchaseToken) -> Date {
    token.expirationDate ?? VirtualClock.addingUpToLatest(reportingDelay, to: token.creationDate)
  }

  /// When the `number`th reminder (from 1) falls due, if the token is still active then.
  public static func reminderDate(of token: ExternalPurchaseToken, number: Int) -> Date? {
    guard let expiration = token.expirationDate,
      let date = VirtualClock.adding(TimeSpan(months: number), to: token.creationDate), date < expiration
    else { return nil }
    return date
  }

  private mutating func scheduleReminder(of token: ExternalPurchaseToken) {
    guard token.isCustomLink, !token.isReportedDuplicate,
      let date = Self.reminderDate(of: token, number: token.remindersSent + 1)
    else { return }
    due.schedule(.reminder(externalPurchaseId: token.externalPurchaseId), at: date)
  }

  private mutating func update(_ externalPurchaseId: String, _ change: (inout ExternalPurchaseToken) -> Void)
  {
    guard let position = tokenPositions[externalPurchaseId] else { return }
    change(&tokens[position])
  }
}
