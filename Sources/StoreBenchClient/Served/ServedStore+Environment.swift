import Foundation

/// Connecting from what a UI test sets: environment variables, or launch arguments.
extension ServedStore {
  /// The settings a connection reads, by their environment variable's name; each is also read as
  /// a launch argument (`-StoreBenchServer URL`), the way `UserDefaults` reads them.
  public enum Setting: String, CaseIterable, Sendable {
    /// The server's base URL, such as `http://127.0.0.1:8080`.
    case server = "STOREBENCH_SERVER"
    /// The device token `storebench serve` printed (or `--device-token`).
    case deviceToken = "STOREBENCH_DEVICE_TOKEN"
    /// The device's name; `iPhone-sim` when absent.
    case device = "STOREBENCH_DEVICE"

    /// The launch argument's name, such as `-StoreBenchServer`.
    public var argument: String {
      switch self {
      case .server: "-StoreBenchServer"
      case .deviceToken: "-StoreBenchDeviceToken"
      case .device: "-StoreBenchDevice"
      }
    }
  }

  /// Connects to the served world the environment or the launch arguments name, if they name one
  /// (``Setting``): the one line of set-up an app's debug build needs. Without a server named, it
  /// does nothing and returns `nil` (the app then uses whatever store it otherwise would).
  ///
  /// - Throws: An error naming the missing or wrong setting, or what the server refused.
  @discardableResult
  public static func connectIfConfigured(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    arguments: [String] = CommandLine.arguments
  ) async throws -> ServedStore? {
    func value(_ setting: Setting) -> String? {
      if let index = arguments.firstIndex(of: setting.argument), index + 1 < arguments.count {
        return arguments[index + 1]
      }
      return environment[setting.rawValue].flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let text = value(.server) else { return nil }
    guard let server = URL(string: text), server.scheme == "http" || server.scheme == "https" else {
      throw DeviceFailure(
        errorCode: "invalid_value", errorMessage: "\(Setting.server.rawValue) \"\(text)\" is not an http URL")
    }
    guard let token = value(.deviceToken) else {
      throw DeviceFailure(
        errorCode: "invalid_value",
        errorMessage:
          "\(Setting.server.rawValue) is set but \(Setting.deviceToken.rawValue) is not: storebench serve printed it at start"
      )
    }
    return try await connect(to: server, device: value(.device) ?? defaultDevice, token: token)
  }
}
