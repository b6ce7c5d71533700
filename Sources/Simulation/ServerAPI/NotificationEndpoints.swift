import Foundation
import JSON
import Store

/// The App Store Server API's notification endpoints (the last three of Apple's App Store Server
/// API documentation, "App Store Server Notifications" endpoints), over the world's
/// notification records (the route table, ``AppStoreServerAPI/routes``, leads to them):
///
/// - `POST /inApps/v1/notifications/test`: Request a Test Notification;
/// - `GET /inApps/v1/notifications/test/{testNotificationToken}`: Get Test Notification Status;
/// - `POST /inApps/v1/notifications/history?paginationToken=…`: Get Notification History.
public enum NotificationEndpoints {
  /// How many notifications a history page holds.
  public static let pageSize = 20

  /// Sends a `TEST` notification now, delivered before the answer.
  static func requestTestNotification(in world: World) -> APIResponse {
    guard !world.notifications.urls(for: world.environment).isEmpty else {
      return .error(.serverNotificationURLNotFound)
    }
    let record: NotificationRecord
    do {
      record = try world.sendNotification(.test, transactionNumber: nil)
    } catch {
      return .error(.generalInternal)
    }
    world.deliverNotifications(notAfter: world.store.clock.now)
    let body = OrderedJSON.object([.init("testNotificationToken", .string(record.testNotificationToken))])
    return .json(body.text)
  }

  /// The signed payload and attempts of a `TEST` notification.
  static func testNotificationStatus(token: String, in world: World) -> APIResponse {
    guard isWellFormedTestToken(token) else { return .error(.invalidTestNotificationToken) }
    guard let record = world.notifications.testNotification(token: token),
      record.environment == world.environment
    else {
      return .error(.testNotificationNotFound)
    }
    return .json(record.historyItem.text)
  }

  /// A test token is a lowercase UUID, `_`, and milliseconds.
  static func isWellFormedTestToken(_ token: String) -> Bool {
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count == 2, let uuid = UUID(uuidString: String(parts[0])),
      uuid.uuidString.lowercased() == parts[0], !parts[1].isEmpty, parts[1].allSatisfy(\.isASCII),
      Int64(parts[1]) != nil
    else { return false }
    return true
  }

  /// A page of the notification history: records of the world's environment made in the request's
  /// span that pass its filters, oldest first, 20 a page.
  static func history(_ request: APIRequest, in world: World) -> APIResponse {
    let filter: NotificationHistoryRequest
    do {
      filter = try NotificationHistoryRequest(body: request.body, now: world.store.clock.now)
    } catch {
      return .error(error)
    }
    var start = 0
    if let token = request.values(of: "paginationToken").last {
      guard let position = HistoryPaginationToken(text: token, boundTo: filter) else {
        return .error(.invalidPaginationToken)
      }
      start = position.start
    }
    let customer = filter.transactionId.map { world.store.account(holdingTransaction: $0)?.name ?? "" }
    var page: [NotificationRecord] = []
    var hasMore = false
    for record in world.notifications.records.dropFirst(start)
    where matches(record, filter, customer: customer, environment: world) {
      guard page.count < pageSize else {
        hasMore = true
        break
      }
      page.append(record)
    }
    let next = page.last.map { $0.sequence + 1 } ?? start
    let body = OrderedJSON.object([
      .init("paginationToken", .string(HistoryPaginationToken(start: next, boundTo: filter).text)),
      .init("hasMore", .bool(hasMore)),
      .init("notificationHistory", .array(page.map(\.historyItem))),
    ])
    return .json(body.text)
  }

  private static func matches(
    _ record: NotificationRecord, _ filter: NotificationHistoryRequest, customer: String?,
    environment world: World
  ) -> Bool {
    guard record.environment == world.environment, record.createdDate >= filter.startDate,
      record.createdDate < filter.endDate
    else { return false }
    if let type = filter.notificationType, record.kind.rawValue != type { return false }
    if let subtype = filter.notificationSubtype, record.subtype?.rawValue != subtype { return false }
    if let customer, record.accountName != customer { return false }
    return !(filter.onlyFailures && record.hasSucceeded)
  }
}
