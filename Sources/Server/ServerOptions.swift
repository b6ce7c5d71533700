import Foundation

/// How the local App Store's HTTP edge behaves.
public struct ServerOptions: Sendable {
  /// The largest request body accepted: 1 MiB. A longer one gets 413 with Apple's error shape
  /// (`APIError.payloadTooLarge`); a 100-transaction receipt in base64 is about 20 KiB.
  public static let defaultBodyLimit = 1 << 20

  /// The largest request body accepted, in bytes.
  public var bodyLimit: Int
  /// Real time, against which bearer tokens' `iat` and `exp` are checked (the one wall clock the
  /// project reads: clients compute their tokens' times from it).
  public var now: @Sendable () -> Date

  /// Creates options.
  public init(
    bodyLimit: Int = ServerOptions.defaultBodyLimit, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.bodyLimit = bodyLimit
    self.now = now
  }
}
