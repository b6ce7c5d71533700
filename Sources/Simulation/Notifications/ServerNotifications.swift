import Foundation
import Store
import Verifier

/// App Store Server Notifications V2 in the world: the URLs the app's server listens at, every
/// notification made while one is registered, and the delivery attempts due on the virtual clock.
///
/// A notification goes to every URL registered for its environment when it is made. In production
/// a failed attempt is retried 1, 12, 24, 48 and 72 hours after the previous one; the sandbox tries
/// once. Attempts are kept in a priority queue, so finding the next due costs O(1) and taking it
/// O(log n).
public final class ServerNotifications {
  /// How long after a failed attempt each production retry comes: 1, 12, 24, 48 and 72 hours.
  public static let retryDelays: [TimeInterval] = [1, 12, 24, 48, 72].map { $0 * 3600 }
  /// How long (in real time) one attempt may take before the transport gives up.
  public static let attemptTimeout = Duration.seconds(5)

  /// A delivery waiting for its next attempt.
  struct DeliveryReference: Hashable, Sendable {
    var record: Int
    var delivery: Int
  }

  /// The registered URLs, in the order they were added.
  public internal(set) var urls: [NotificationURL] = []
  /// Every notification made, oldest first.
  public internal(set) var records: [NotificationRecord] = []
  var due = Scheduler<DeliveryReference>()
  var madeIdentifiers: UInt64 = 0

  /// Creates an empty state: no URL, no notification.
  public init() {}

  // MARK: URLs

  /// Registers a URL for an environment.
  ///
  /// - Throws: ``SimulationError`` when it is registered for that environment already.
  public func add(_ url: NotificationURL) throws(SimulationError) {
    guard !urls.contains(url) else {
      throw SimulationError(.conflict, "\(url.url) is registered for \(url.environment.rawValue) already")
    }
    urls.append(url)
  }

  /// Removes a URL from every environment it is registered for; attempts still due to it are
  /// dropped when they fall due.
  ///
  /// - Throws: ``SimulationError`` when it is not registered.
  /// - Returns: what was removed.
  @discardableResult
  public func remove(_ url: String) throws(SimulationError) -> [NotificationURL] {
    let removed = urls.filter { $0.url == url }
    guard !removed.isEmpty else {
      let known = urls.isEmpty ? "none is" : urls.map(\.url).joined(separator: ", ") + " are"
      throw SimulationError(.notFound, "\(url) is not a notification URL (\(known) registered)")
    }
    urls.removeAll { $0.url == url }
    return removed
  }

  /// The URLs of an environment, in the order they were added.
  public func urls(for environment: Verifier.Environment) -> [String] {
    urls.filter { $0.environment == environment }.map(\.url)
  }

  // MARK: Records

  /// The notification whose test token this is, if it is a `TEST` notification's.
  public func testNotification(token: String) -> NotificationRecord? {
    records.first { $0.kind == .test && $0.testNotificationToken == token }
  }

  /// A new `notificationUUID`, the next of the identity's stream (``WorldIdentity/notificationUUID(_:)``).
  func makeNotificationUUID(for identity: WorldIdentity) -> String {
    madeIdentifiers += 1
    return identity.notificationUUID(madeIdentifiers)
  }

  /// SplitMix64's finalizer: every input bit reaches every output bit.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// FNV-1a, 64 bits, of a text.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// Keeps a new notification and schedules its first attempt to each of its URLs.
  func append(_ record: NotificationRecord) {
    let index = records.count
    records.append(record)
    for delivery in record.deliveries.indices {
      due.schedule(DeliveryReference(record: index, delivery: delivery), at: record.createdDate)
    }
  }

  // MARK: Delivery

  /// When the next attempt is due, if any.
  public var nextAttemptDue: Date? { due.nextDue }

  /// Takes the next attempt due at or before `date`.
  func popDue(notAfter date: Date) -> (due: Date, delivery: DeliveryReference)? {
    guard let (date, reference) = due.popDue(notAfter: date) else { return nil }
    return (date, reference)
  }

  /// Whether a URL still receives an environment's notifications.
  func isRegistered(_ url: String, for environment: Verifier.Environment) -> Bool {
    urls.contains { $0.url == url && $0.environment == environment }
  }

  /// Records an attempt and, for a failure in production with retries left, schedules the next.
  ///
  /// - Returns: the delivery as it stands after the attempt.
  func record(
    _ result: SendAttemptResult, at date: Date, for reference: DeliveryReference
  ) -> NotificationDelivery {
    let environment = records[reference.record].environment
    var delivery = records[reference.record].deliveries[reference.delivery]
    delivery.attempts.append(SendAttempt(attemptDate: date, result: result))
    delivery.nextAttemptDate = nil
    let retry = delivery.attempts.count - 1
    if result != .success, environment == .production, retry < Self.retryDelays.count {
      let next = date.addingTimeInterval(Self.retryDelays[retry])
      delivery.nextAttemptDate = next
      due.schedule(reference, at: next)
    }
    records[reference.record].deliveries[reference.delivery] = delivery
    return delivery
  }

  /// Drops a delivery whose URL was removed.
  func abandon(_ reference: DeliveryReference) {
    records[reference.record].deliveries[reference.delivery].nextAttemptDate = nil
  }
}
