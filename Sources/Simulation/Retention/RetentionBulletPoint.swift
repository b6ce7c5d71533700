/// One bullet point of a retention message: its text and the bullet-point image shown beside it.
public struct RetentionBulletPoint: Hashable, Sendable {
  /// The text, at most 66 characters.
  public var text: String
  /// The image's identifier: an uploaded `BULLET_POINT` image.
  public var imageIdentifier: String
  /// The image's alternative text, at most 150 characters.
  public var altText: String

  /// Creates a bullet point.
  public init(text: String, imageIdentifier: String, altText: String) {
    self.text = text
    self.imageIdentifier = imageIdentifier
    self.altText = altText
  }
}
