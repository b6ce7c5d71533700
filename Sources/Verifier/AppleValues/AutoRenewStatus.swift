/// Whether a subscription renews automatically.
///
/// The typed view of `autoRenewStatus` of renewal info; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum AutoRenewStatus: Int32, Hashable, Sendable, Codable, CaseIterable {
  /// Automatic renewal is off.
  case off = 0
  /// Automatic renewal is on.
  case on = 1
}
