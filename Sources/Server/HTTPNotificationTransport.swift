import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import Simulation

/// Delivers notifications over HTTP with AsyncHTTPClient: a POST of the body with
/// `Content-Type: application/json`, answered within a real-time timeout, its outcome told as
/// Apple's `sendAttemptResult`.
///
/// ``post(_:to:timeout:)`` blocks, as the world's owner calls it between two events: it waits on
/// the client's future with `wait()`. That cannot deadlock on the client, since the client runs on
/// an event loop group of its own (one thread) and `post` is never called on one of its threads:
/// the owner's work runs on the owner's dispatch queue. A notification aimed at this very server
/// waits behind the owner until the timeout, and is then `TIMED_OUT`.
public final class HTTPNotificationTransport: NotificationTransport {
  private let group: MultiThreadedEventLoopGroup
  private let client: HTTPClient

  /// Creates a transport with its own client and event loop thread; ``shutdown()`` ends them.
  public init() {
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    var configuration = HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false))
    // One attempt is one connection: a refused one fails the attempt at once (SOCKET_ISSUE), as
    // Apple's does, instead of being retried until the timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
  }

  /// Posts a body and waits for the answer: 200–206 is a success.
  public func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult {
    let request: HTTPClient.Request
    do {
      request = try HTTPClient.Request(
        url: url, method: .POST, headers: HTTPHeaders([("Content-Type", "application/json")]),
        body: .bytes(body))
    } catch {
      return .other
    }
    let (seconds, attoseconds) = timeout.components
    let deadline = NIODeadline.now() + .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    do {
      let response = try client.execute(request: request, deadline: deadline).wait()
      return (200...206).contains(response.status.code) ? .success : .unsuccessfulHTTPResponseCode
    } catch {
      return Self.result(for: error)
    }
  }

  /// Posts a realtime request and waits for the answer and its body (at most 64 KiB read).
  public func exchange(_ body: [UInt8], to url: String, timeout: Duration) -> RealtimeExchange {
    let start = ContinuousClock.now
    guard let request = Self.realtimeRequest(body, to: url) else { return .failed(.other, milliseconds: 0) }
    do {
      let response = try client.execute(request: request, deadline: Self.deadline(after: timeout)).wait()
      return Self.exchange(response, since: start)
    } catch {
      return .failed(Self.result(for: error), milliseconds: Self.milliseconds(since: start))
    }
  }

  /// The same exchange, awaited: many can be out at once on the client's event loop.
  public func exchangeConcurrently(
    _ body: [UInt8], to url: String, timeout: Duration
  ) async -> RealtimeExchange {
    let start = ContinuousClock.now
    guard let request = Self.realtimeRequest(body, to: url) else { return .failed(.other, milliseconds: 0) }
    do {
      let response = try await client.execute(request: request, deadline: Self.deadline(after: timeout)).get()
      return Self.exchange(response, since: start)
    } catch {
      return .failed(Self.result(for: error), milliseconds: Self.milliseconds(since: start))
    }
  }

  private static func realtimeRequest(_ body: [UInt8], to url: String) -> HTTPClient.Request? {
    try? HTTPClient.Request(
      url: url, method: .POST, headers: HTTPHeaders([("Content-Type", "application/json")]),
      body: .bytes(body))
  }

  private static func exchange(
    _ response: HTTPClient.Response, since start: ContinuousClock.Instant
  ) -> RealtimeExchange {
    var bytes: [UInt8] = []
    if var buffer = response.body {
      bytes = buffer.readBytes(length: min(buffer.readableBytes, 65_536)) ?? []
    }
    return .answered(status: Int(response.status.code), body: bytes, milliseconds: milliseconds(since: start))
  }

  private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
    let elapsed = ContinuousClock.now - start
    return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
  }

  private static func deadline(after timeout: Duration) -> NIODeadline {
    let (seconds, attoseconds) = timeout.components
    return NIODeadline.now() + .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  /// Ends the client and its thread; call once, when no more notifications will be sent.
  public func shutdown() {
    do {
      try client.syncShutdown()
      try group.syncShutdownGracefully()
    } catch {
      // Already shut down: nothing is left to end.
    }
  }

  /// Apple's result for a failed attempt.
  static func result(for error: any Error) -> SendAttemptResult {
    if let error = error as? HTTPClientError {
      switch error {
      case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout:
        return .timedOut
      case .redirectCycleDetected, .redirectLimitReached: return .circularRedirect
      case .remoteConnectionClosed: return .prematureClose
      default: return .other
      }
    }
    if let error = error as? IOError,
      [ECONNREFUSED, ECONNRESET, EPIPE, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode)
    {
      return .socketIssue
    }
    if error is NIOConnectionError || error is ChannelError { return .socketIssue }
    // NIOSSL's errors, without linking NIOSSL for their types.
    if String(reflecting: type(of: error)).contains("NIOSSL") { return .tlsIssue }
    return .other
  }
}
