import Foundation

/// An external purchase token Apple made for a customer who followed the app's link out, and what
/// became of it: its reports and the notifications sent about it.
public struct ExternalPurchaseToken: Hashable, Sendable {
  /// Apple's `externalPurchaseId`: a UUID, after `SANDBOX_` in the sandbox.
  public let externalPurchaseId: String
  /// `ACQUISITION` or `SERVICES` for a custom link token; `nil` for a plain link-out token.
  public let type: ExternalPurchaseTokenType?
  /// `tokenCreationDate`: when the customer followed the link.
  public let creationDate: Date
  /// `tokenExpirationDate`: custom link tokens only.
  public let expirationDate: Date?
  /// The customer.
  public let accountName: String
  /// The statuses of the reports accepted for the token, in order.
  public var reportedStatuses: [ExternalPurchaseReportStatus] = []
  /// How many `ACTIVE_TOKEN_REMINDER` notifications were sent.
  public var remindersSent = 0
  /// Whether the `UNREPORTED` notification was sent.
  public var unreportedSent = false

  /// Creates a token no report has named yet.
  public init(
    externalPurchaseId: String, type: ExternalPurchaseTokenType?, creationDate: Date, expirationDate: Date?,
    accountName: String
  ) {
    self.externalPurchaseId = externalPurchaseId
    self.type = type
    self.creationDate = creationDate
    self.expirationDate = expirationDate
    self.accountName = accountName
  }

  /// Whether a report for the token was accepted.
  public var isReported: Bool { !reportedStatuses.isEmpty }

  /// Whether a report said the token is a duplicate: Apple then stops its reminders.
  public var isReportedDuplicate: Bool { reportedStatuses.contains(.duplicateToken) }

  /// Whether a report listed transactions for the token.
  public var hasLineItems: Bool { reportedStatuses.contains(.lineItem) }

  /// Whether the token is a custom link token (it has a type and an expiration).
  public var isCustomLink: Bool { type != nil }
}
