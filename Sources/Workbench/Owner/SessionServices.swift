import Simulation

/// What the executable gives every session it makes: how to serve it and how notifications leave it.
public struct SessionServices: Sendable {
  /// Makes the launcher for `serve start`; without one, serving is not available.
  public var makeServerLauncher: (@Sendable () -> any ServerLauncher)?
  /// How the world's notifications reach the app's server.
  public var notificationTransport: (any NotificationTransport)?

  /// Creates services.
  public init(
    makeServerLauncher: (@Sendable () -> any ServerLauncher)? = nil,
    notificationTransport: (any NotificationTransport)? = nil
  ) {
    self.makeServerLauncher = makeServerLauncher
    self.notificationTransport = notificationTransport
  }
}
