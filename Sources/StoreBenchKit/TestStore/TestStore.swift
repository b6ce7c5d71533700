import Catalog
import Foundation
import Simulation
import Store
import Synchronization

/// An App Store of your own, in process, for tests: storebench's world (catalog, account, device,
/// virtual clock, signed transactions) behind StoreKit 2's own API, so that an app's store class
/// runs against it unchanged.
///
/// Make one, install it, then run the app's code: `Product`, `Transaction`, `AppStore` and the
/// other StoreKit types talk to the installed store, from any task, actor or thread. The store's
/// own methods (``advanceClock(by:)``, ``refund(transactionID:)``, ``setAskToBuy(_:)``…) play the
/// App Store's and the customer's parts, and ``settle()`` waits until the app's listeners have
/// heard what they did:
///
/// ```swift
/// let store = try TestStore(catalogFile: url)
/// store.install()
/// let app = Store()                              // the app's own store class
/// try await app.purchase(try #require(app.products.first))
/// try store.refund(transactionID: id)
/// await store.settle()                           // the app's listener handled the refund
/// ```
///
/// Tests in parallel each run in a world of their own with ``run(_:)`` instead of ``install()``:
/// the store is then the current task's and its child tasks' (`Task { }` too), but not a
/// `Task.detached`'s, which sees the installed store. A StoreKit call with neither stops the
/// process with a message saying so.
public final class TestStore: StoreBackend {
  /// The world, used under the lock.
  private let engine: Mutex<Engine>
  /// The store's endless sequences (`Transaction.updates` and the others).
  package let channels: Channels
  /// The task that wakes the store when the next renewal falls due in real time.
  private let wake = Mutex<(due: Date, task: Task<Void, Never>)?>(nil)

  /// Creates a store over a catalog file (storebench's JSON catalog or an Xcode `.storekit` file,
  /// whose settings apply), with one device whose app uses StoreKit 2, signed in to the account
  /// `default`.
  ///
  /// - Parameters:
  ///   - catalogFile: The catalog.
  ///   - time: How the world's time relates to the app's `Date()`: the wall clock (the default),
  ///     or a fixed start that moves only when the test moves it.
  ///   - authorityDirectory: Where the certificate authority that signs transactions lives; by
  ///     default a directory of this process's under the temporary directory.
  /// - Throws: ``TestStoreError`` when the catalog cannot be read.
  public init(
    catalogFile: URL, time: Time = .wallClock, authorityDirectory: URL? = nil
  ) throws(TestStoreError) {
    let catalog: Catalog
    do {
      catalog = try CatalogLoader.load(path: catalogFile.path)
    } catch {
      throw TestStoreError(error, context: "the catalog \(catalogFile.path)")
    }
    let lines = EventLines()
    let log = EventLog { lines.append($0) }
    log.readsFields = false
    let world = World(
      catalog: catalog, log: log, authorityDirectory: authorityDirectory ?? Self.defaultAuthority)
    let start: Date =
      switch time {
      case .wallClock: Date()
      case .fixed(let date): date
      }
    do {
      try world.store.setClock(to: start)
    } catch {
      throw TestStoreError("the clock cannot start at \(start): \(error)", code: .invalidValue)
    }
    world.device.useAPI(.storeKit2)
    var policy = ListenerPolicy()
    policy.finishes = false  // the app's own code finishes, as a StoreKit 2 app must
    world.device.storeKit2.setPolicy(policy)
    channels = Channels()
    engine = Mutex(Engine(world: world, channels: channels, time: time, lines: lines))
  }

  /// A certificate authority for this process, in the temporary directory.
  static let defaultAuthority = FileManager.default.temporaryDirectory
    .appendingPathComponent("storebenchkit-\(getpid())/ca")

  /// Runs work on the world under the lock, after bringing it to the time; then, with the wall
  /// clock, sets a wake-up for the next renewal.
  func withEngine<T: Sendable, E: Error>(_ body: (Engine) throws(E) -> T) throws(E) -> T {
    let (result, due): (Result<T, E>, Date?) = engine.withLock { engine in
      engine.catchUp()
      let result: Result<T, E>
      do throws(E) {
        result = .success(try body(engine))
      } catch {
        result = .failure(error)
      }
      return (result, engine.time == .wallClock ? engine.nextEventDue : nil)
    }
    if let due { scheduleWake(at: due) }
    return try result.get()
  }

  // MARK: Which store StoreKit calls reach

  /// The store StoreKit calls from here reach: the current task's (``run(_:)``), else the one
  /// installed for the process (``install()``), else none (or a ``ServedStore``'s world).
  public static var current: TestStore? { CurrentStore.backend as? TestStore }

  /// Makes this store the one every StoreKit call of the process reaches (unless a task runs in
  /// another with ``run(_:)``): detached tasks, other actors and other threads included.
  public func install() {
    CurrentStore.install(self)
  }

  /// Leaves the process with no installed store, if this one is installed.
  public func uninstall() {
    CurrentStore.uninstall(self)
  }

  /// Runs code whose StoreKit calls reach this store: the code's task and the tasks it creates
  /// (but not detached ones), so that tests in parallel each have a world of their own.
  public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    try await CurrentStore.run(self, body)
  }

  // MARK: Time

  /// The app's now: `Date()` with the wall clock, the world's clock when the test fixed its time.
  /// App code that compares dates with "now" reads this in a test with a fixed time.
  public var now: Date { withEngine { $0.appNow } }

  /// Moves time forward (`"1mo"`, `"8d"`, `"1y"`, `"90s"`, as `advance-clock` reads them): renewals,
  /// billing retries and expiries happen on the way, and the app's listeners hear them. With the
  /// wall clock, the app sees every date moved back by as much, so that a subscription the app
  /// checks against `Date()` expires when its period has passed.
  ///
  /// - Throws: ``TestStoreError`` when the span does not read or passes the clock's end.
  public func advanceClock(by span: String) throws(TestStoreError) {
    let time: TimeSpan
    do {
      time = try TimeSpan(parsing: span)
    } catch {
      throw TestStoreError("\"\(span)\" is not a span of time: \(error)", code: .invalidValue)
    }
    try withEngine { engine throws(TestStoreError) in try engine.advance(by: time) }
  }

  /// Waits until the app's listeners have heard everything: every update, status, storefront and
  /// purchase intent the store published has been taken by every listener, and each waits for the
  /// next one. No real time passes for it; see ``Channels/settle()`` for what it does when no
  /// listener ever starts.
  public func settle() async {
    await channels.settle()
  }

  /// With the wall clock, wakes the store when the next event falls due, so that renewals at an
  /// accelerated time rate reach the listeners as real time passes.
  private func scheduleWake(at due: Date) {
    let delay = due.timeIntervalSinceNow
    guard delay < 86_400 else { return }
    wake.withLock { wake in
      if let wake, wake.due == due { return }
      wake?.task.cancel()
      let task = Task { [weak self] in
        guard (try? await Task.sleep(for: .seconds(max(0, delay)) + .milliseconds(1))) != nil else { return }
        self?.withEngine { _ in }
      }
      wake = (due, task)
    }
  }

  deinit {
    wake.withLock { $0?.task.cancel() }
  }
}
