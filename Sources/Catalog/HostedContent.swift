/// Content Apple hosts for a non-consumable, downloaded after purchase (`SKDownload`).
public struct HostedContent: Hashable, Sendable {
  /// The content identifier, such as `com.example.kctest.stadium`.
  public var contentId: String
  /// The content version, such as `1.0`.
  public var version: String
  /// The size in bytes.
  public var size: Int

  /// Creates a description of hosted content.
  public init(contentId: String, version: String, size: Int) {
    self.contentId = contentId
    self.version = version
    self.size = size
  }
}
