import Foundation

/// A world whose owner answers connected apps (the device face of `serve`, `/device/v1/…`): each
/// request is one of a device's StoreKit calls, answered from the world between two commands; one
/// that changes the world runs as a command line on that device (`on iPhone-sim purchase pro`),
/// shown as `iPhone-sim> purchase pro`, journaled as any line. The workbench's session owner
/// implements it; the server only carries the bytes.
public protocol DeviceRunner: WorldAccess {
  /// Answers one request of a connected app.
  func answer(_ request: DeviceRequest) async -> DeviceAnswer

  /// Whether a poll for updates would bring something the app has not heard (a cheap look, made
  /// while a long poll waits).
  func hasNews(for request: DeviceRequest) async -> Bool

  /// The connected devices whose app has not heard every update of its listener yet.
  func devicesBehind() async -> [String]
}

/// One request of a connected app.
public struct DeviceRequest: Sendable {
  /// The device's name in the world.
  public var device: String
  /// The operation: `launch`, `products`, `purchase`, `finish`, `transactions`, `eligibility`,
  /// `statuses`, `app-transaction`, `sync`, `updates`, `revision`.
  public var operation: String
  /// The query's parameters.
  public var query: [String: String]
  /// The body, JSON, or empty.
  public var body: Data

  /// A request.
  public init(device: String, operation: String, query: [String: String] = [:], body: Data = Data()) {
    self.device = device
    self.operation = operation
    self.query = query
    self.body = body
  }
}

/// The answer to a connected app's request.
public struct DeviceAnswer: Sendable {
  /// The HTTP status: 200, or 400 (a request that does not read), 404 (no such device or
  /// operation), 409 (the world refused it).
  public var status: Int
  /// The JSON body.
  public var body: Data

  /// An answer.
  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}
