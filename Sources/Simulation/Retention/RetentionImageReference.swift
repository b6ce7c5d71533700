/// A message's full-size image: the uploaded image's identifier and its alternative text.
public struct RetentionImageReference: Hashable, Sendable {
  /// The image's identifier: an uploaded `FULL_SIZE` image.
  public var identifier: String
  /// The alternative text, at most 150 characters.
  public var altText: String

  /// Creates a reference.
  public init(identifier: String, altText: String) {
    self.identifier = identifier
    self.altText = altText
  }
}
