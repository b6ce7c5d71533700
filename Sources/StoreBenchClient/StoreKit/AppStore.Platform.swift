extension AppStore {
  /// A platform the App Store sells on: an open set.
  public struct Platform: RawRepresentable, Equatable, Hashable, Sendable {
    /// The platform's name, as the App Store writes `originalPlatform`.
    public let rawValue: String

    /// Creates a platform from its name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// iOS and iPadOS.
    public static let iOS = Platform(rawValue: "iOS")
    /// macOS.
    public static let macOS = Platform(rawValue: "macOS")
    /// tvOS.
    public static let tvOS = Platform(rawValue: "tvOS")
    /// visionOS.
    public static let visionOS = Platform(rawValue: "visionOS")
  }
}
