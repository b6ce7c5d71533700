import Foundation
import JSON
import Store
import Verifier

/// A notification the App Store made for the app's server, as sent: the signed payload (the
/// world as it was then), and its delivery to each URL.
public struct NotificationRecord: Sendable {
  /// Its place among the world's notifications, from 0.
  public let sequence: Int
  /// `notificationUUID`.
  public let notificationUUID: String
  /// `notificationType`.
  public let kind: ServerEvent.Kind
  /// `subtype`.
  public let subtype: ServerEvent.Subtype?
  /// The account the notification concerns (none for `TEST`).
  public let accountName: String?
  /// The transaction it carries in `signedTransactionInfo` (none for `TEST`).
  public let transactionNumber: UInt64?
  /// The environment it was sent in.
  public let environment: Verifier.Environment
  /// When it was made (`signedDate`).
  public let createdDate: Date
  /// The decoded payload's JSON text (`responseBodyV2DecodedPayload`).
  public let payloadJSON: String
  /// The JWS the server receives as `signedPayload`.
  public let signedPayload: String
  /// Its delivery to each URL of its environment.
  public internal(set) var deliveries: [NotificationDelivery]

  /// `DID_RENEW/BILLING_RECOVERY`, or the type alone.
  public var name: String { subtype.map { "\(kind.rawValue)/\($0.rawValue)" } ?? kind.rawValue }

  /// Every attempt to every URL, oldest first (Apple's `sendAttempts`).
  public var sendAttempts: [SendAttempt] {
    deliveries.flatMap(\.attempts).enumerated().sorted {
      ($0.element.attemptDate, $0.offset) < ($1.element.attemptDate, $1.offset)
    }.map(\.element)
  }

  /// Whether it reached the server: an attempt succeeded.
  public var hasSucceeded: Bool { deliveries.contains(where: \.hasSucceeded) }

  /// The token Request a Test Notification answers for a `TEST` notification: its UUID and
  /// creation time in milliseconds.
  public var testNotificationToken: String { "\(notificationUUID)_\(createdDate.milliseconds)" }

  /// `{"signedPayload": …, "sendAttempts": [...]}`, as the history and test status endpoints give it.
  public var historyItem: OrderedJSON {
    .object([
      .init("signedPayload", .string(signedPayload)),
      .init("sendAttempts", .array(sendAttempts.map(\.json))),
    ])
  }
}
