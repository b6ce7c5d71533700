import Simulation

extension SessionOwner: DeviceRunner {
  /// Answers a connected app's request (the device face, ``DeviceFace``), alone.
  public func answer(_ request: DeviceRequest) async -> DeviceAnswer {
    DeviceFace(session: held.session, devices: connectedDevices).answer(request)
  }

  /// Whether a poll for updates would bring news (``DeviceFace/hasNews(for:)``).
  public func hasNews(for request: DeviceRequest) async -> Bool {
    DeviceFace(session: held.session, devices: connectedDevices).hasNews(for: request)
  }

  /// The devices whose connected app has not heard every update of its listener yet.
  public func devicesBehind() async -> [String] {
    connectedDevices.behind(in: held.session.world)
  }
}
