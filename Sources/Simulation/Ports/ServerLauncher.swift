/// Serves a world over HTTP on 127.0.0.1, for `serve start`. The server module implements it; the
/// command language, which cannot import the server, is handed one by the executable.
///
/// Its calls block; they are made on the world's owner, between two commands.
public protocol ServerLauncher: AnyObject, Sendable {
  /// Starts serving the world.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0 for a free one.
  ///   - world: The world's owner, through which each request reaches it.
  /// - Returns: The port it listens on.
  /// - Throws: An error saying why it cannot listen.
  func start(port: Int, world: any WorldAccess) throws -> Int

  /// Stops serving: no new connection is accepted, and the call returns once the server has shut
  /// down (or after a short grace period, for requests still waiting for the world).
  func stop()

  /// The control API's token (`/control/v1/`), which `serve start` prints.
  var controlToken: String { get }

  /// The device face's token (`/device/v1/`), which connected apps send and `serve start` prints.
  var deviceToken: String { get }
}
