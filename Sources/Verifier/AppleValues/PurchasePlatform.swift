/// The platform on which the customer first bought the app.
///
/// The typed view of `originalPlatform` of an app transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum PurchasePlatform: String, Hashable, Sendable, Codable, CaseIterable {
  /// iOS, iPadOS or iOS apps on Mac.
  case iOS = "iOS"
  /// macOS.
  case macOS = "macOS"
  /// tvOS.
  case tvOS = "tvOS"
  /// visionOS.
  case visionOS = "visionOS"
}
