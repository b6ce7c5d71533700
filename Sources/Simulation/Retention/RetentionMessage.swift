/// A retention message uploaded for the cancellation flow (Upload Message): a header and a body,
/// optionally a full-size image and bullet points, and its review state.
public struct RetentionMessage: Hashable, Sendable {
  /// Apple's `headerPosition`.
  public enum HeaderPosition: String, Hashable, Sendable, CaseIterable {
    /// The header above the body (the default).
    case aboveBody = "ABOVE_BODY"
    /// The header above the image: the message needs one.
    case aboveImage = "ABOVE_IMAGE"
  }

  /// The identifier the developer chose, a UUID in lowercase.
  public let identifier: String
  /// The header, at most 66 characters.
  public let header: String
  /// The body, at most 144 characters.
  public let body: String
  /// The full-size image's identifier and its alternative text, if the message has an image.
  public let image: RetentionImageReference?
  /// Where the header goes; `nil` when the upload did not say (above the body).
  public let headerPosition: HeaderPosition?
  /// The bullet points, at most five.
  public let bulletPoints: [RetentionBulletPoint]
  /// Its review state.
  public var state: RetentionReviewState

  /// Creates a message record.
  public init(
    identifier: String, header: String, body: String, image: RetentionImageReference?,
    headerPosition: HeaderPosition?, bulletPoints: [RetentionBulletPoint], state: RetentionReviewState
  ) {
    self.identifier = identifier
    self.header = header
    self.body = body
    self.image = image
    self.headerPosition = headerPosition
    self.bulletPoints = bulletPoints
    self.state = state
  }

  /// Every image the message shows: its own and its bullet points'.
  public var imageIdentifiers: [String] {
    (image.map { [$0.identifier] } ?? []) + bulletPoints.map(\.imageIdentifier)
  }
}
