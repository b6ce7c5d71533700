/// The body of Set App Account Token. Apple: `UpdateAppAccountTokenRequest`.
public struct UpdateAppAccountTokenRequest: Codable, Hashable, Sendable {
  /// `appAccountToken`: a UUID.
  public var appAccountToken: String?

  /// Creates a body.
  public init(appAccountToken: String?) {
    self.appAccountToken = appAccountToken
  }
}
