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

  /// The device face's token (`/device/v1/`, `Authorization: Bearer TOKEN`), which connected apps
  /// send: by default a fresh secret, 64 hex digits, for this server only.
  public var deviceToken: String

  /// The address the server listens on: `127.0.0.1` unless `serve --listen ADDRESS` asks for
  /// another, so that a device on the LAN reaches the device face (the page and the control API
  /// still answer requests addressed to loopback only).
  public var listenAddress: String

  /// Whether the device face answers requests addressed to other hosts than loopback.
  public var answersOtherHosts: Bool { listenAddress != serverHost }

  /// Creates options.
  public init(
    bodyLimit: Int = ServerOptions.defaultBodyLimit, now: @escaping @Sendable () -> Date = { Date() },
    controlToken: String? = nil, deviceToken: String? = nil, listenAddress: String = serverHost
  ) {
    self.bodyLimit = bodyLimit
    self.now = now
    self.controlToken = controlToken ?? PageSecret().value
    self.deviceToken = deviceToken ?? PageSecret().value
    self.listenAddress = listenAddress
  }
}
