extension AppStore {
  /// The server environment that signed something: an open set.
  public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {
    /// The environment's name, as the App Store writes it.
    public let rawValue: String

    /// Creates an environment from its name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The App Store.
    public static let production = Environment(rawValue: "Production")
    /// The sandbox.
    public static let sandbox = Environment(rawValue: "Sandbox")
    /// Xcode's StoreKit Testing.
    public static let xcode = Environment(rawValue: "Xcode")
  }
}
