import Dispatch
import Hummingbird
import ServiceLifecycle
import Simulation
import Synchronization

/// `serve start` and `serve stop`: runs the application in a service group of its own, in the
/// background, while the prompt or the script goes on.
///
/// Its calls block, as the command language's do. ``start(port:world:)`` waits until the server
/// listens (or failed to); ``stop()`` triggers a graceful shutdown and waits for it, at most
/// ``stopGrace``: it runs on the world's owner, so a request that is waiting for the world cannot
/// finish before `stop` returns; it finishes afterwards, and the server goes then.
public final class LocalServerLauncher: ServerLauncher {
  /// How long ``stop()`` waits for requests in flight.
  public static let stopGrace = Duration.seconds(2)

  private let options: ServerOptions
  private let running = Mutex<(group: ServiceGroup, task: Task<Void, Never>)?>(nil)

  /// Creates a launcher.
  public init(options: ServerOptions = ServerOptions()) {
    self.options = options
  }

  /// The control API's token.
  public var controlToken: String { options.controlToken }

  /// The device face's token.
  public var deviceToken: String { options.deviceToken }

  /// Starts serving; returns the bound port.
  ///
  /// - Throws: ``ListenError``, saying what kept the server from listening (such as a port in use).
  public func start(port: Int, world: any WorldAccess) throws -> Int {
    let bound = BlockingResult<Result<Int, any Error>>()
    let app = buildApplication(port: port, world: world, options: options) { bound.set(.success($0)) }
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [], logger: app.logger))
    let task = Task.detached {
      do {
        try await group.run()
      } catch {
        bound.set(.failure(ListenError(error, port: port)))
      }
      bound.set(.failure(ServerStopped()))
    }
    let port = try bound.wait().get()
    running.withLock { $0 = (group, task) }
    return port
  }

  /// Stops serving.
  public func stop() {
    guard
      let (group, task) = running.withLock({ state in
        defer { state = nil }; return state
      })
    else { return }
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      await group.triggerGracefulShutdown()
      await task.value
      done.signal()
    }
    let (seconds, attoseconds) = Self.stopGrace.components
    _ = done.wait(timeout: .now() + .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
  }
}

/// The server ended before it listened.
struct ServerStopped: Error, CustomStringConvertible {
  var description: String { "the server stopped before it listened" }
}

/// A value set once by one thread and waited for by another.
final class BlockingResult<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  /// Sets the value, unless it is set already.
  func set(_ newValue: Value) {
    let first = value.withLock { value in
      guard value == nil else { return false }
      value = newValue
      return true
    }
    if first { ready.signal() }
  }

  /// Waits for the value.
  func wait() -> Value {
    ready.wait()
    ready.signal()
    return value.withLock { $0! }
  }
}
