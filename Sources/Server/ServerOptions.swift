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

  /// The control API's token (`/control/v1/`, `Authorization: Bearer TOKEN`): by default a fresh
  /// secret, 64 hex digits, for this server only.
  public var controlToken: String

  /// Creates options.
  public init(
    bodyLimit: Int = ServerOptions.defaultBodyLimit, now: @escaping @Sendable () -> Date = { Date() },
    controlToken: String? = nil
  ) {
    self.bodyLimit = bodyLimit
    self.now = now
    self.controlToken = controlToken ?? PageSecret().value
  }
}
