/// An image uploaded for retention messages (Upload Image): a PNG without transparency, kept by
/// its identifier with its size class, its pixel size and its review state. The pixels are not
/// kept: nothing here draws them.
public struct RetentionImage: Hashable, Sendable {
  /// Apple's `imageSize`: where the image may appear.
  public enum Size: String, Hashable, Sendable, CaseIterable {
    /// Above a message's body: 3840 pixels wide, 160 to 2160 high.
    case fullSize = "FULL_SIZE"
    /// A bullet point's icon.
    case bulletPoint = "BULLET_POINT"
  }

  /// The identifier the developer chose, a UUID in lowercase.
  public let identifier: String
  /// Its size class.
  public let size: Size
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int
  /// Its review state.
  public var state: RetentionReviewState

  /// Creates an image record.
  public init(identifier: String, size: Size, width: Int, height: Int, state: RetentionReviewState) {
    self.identifier = identifier
    self.size = size
    self.width = width
    self.height = height
    self.state = state
  }
}
