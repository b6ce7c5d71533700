import Foundation
import Synchronization
import X509

/// StoreKit 2's App Store, as a world that `storebench serve` serves: the app is one of the
/// world's devices (named `iPhone-sim` unless told otherwise), so that the prompt, scripts, the
/// page, `timeline` and the backend's notifications see what it does, and what they do (a refund,
/// billing retry, an Ask to Buy approval, a clock move) reaches the app's listeners.
///
/// Connect once at launch; from then on `Product`, `Transaction`, `AppStore` and the other
/// StoreKit types reach the served world, from any task:
///
/// ```swift
/// #if STOREBENCH
///   try await ServedStore.connectIfConfigured()   // STOREBENCH_SERVER and STOREBENCH_DEVICE_TOKEN
/// #endif
/// ```
///
/// `Transaction.updates`, `Product.SubscriptionInfo.Status.updates` and `Storefront.updates` are
/// fed by a long poll of the device face (`GET /device/v1/DEVICE/updates`), numbered since the
/// app's launch: after a dropped connection or a server restart (with `--state`), the next poll
/// asks for what followed the last update heard, so each update reaches the app once, in order.
/// Every signed value is verified against the served world's root certificate (or the one given to
/// ``connect(to:device:token:rootCertificate:installs:)``), with its device check, as StoreKit verifies
/// against Apple's root.
public final class ServedStore: StoreBackend {
  /// The device name a connection takes unless told otherwise.
  public static let defaultDevice = "iPhone-sim"

  /// The server's base URL.
  public var server: URL { connection.server }
  /// The device's name in the served world.
  public var device: String { connection.device }
  package let channels = Channels()
  let connection: DeviceConnection
  let reader: SignedReader
  let state: Mutex<State>

  /// What the store has heard of the world.
  struct State {
    var canMakePayments: Bool
    var storefront: Storefront
    /// How many of the listener's updates since launch have been published.
    var cursor: Int
    /// The served world's revision the last answer showed.
    var revision: Int
    /// The server run the last answer came from.
    var run = ""
    /// What each group's statuses looked like when last heard, by group.
    var statusMarks: [String: [Data]]?
    /// Whether ``disconnect()`` stopped the listener.
    var stopped = false
    /// Tasks waiting in ``settle()`` for the store to hear a cursor and revision.
    var waiting: [(target: RevisionAnswer, continuation: CheckedContinuation<Void, Never>)] = []

    /// Whether the store has heard the world as far as a target: from the same server run (after a
    /// restart, revisions start again), that revision and that many updates.
    func hasHeard(_ target: RevisionAnswer) -> Bool {
      run == target.run && cursor >= target.cursor && revision >= target.revision
    }
  }

  private init(connection: DeviceConnection, launch: LaunchAnswer, root: Certificate) {
    self.connection = connection
    reader = SignedReader(root: root, deviceVerificationID: launch.deviceVerificationID)
    state = Mutex(
      State(
        canMakePayments: launch.canMakePayments, storefront: Storefront(launch.storefront),
        cursor: launch.cursor, revision: -1))
  }

  /// Connects to a served world as one of its devices: the device is added when the world has
  /// none of that name, the app on it uses StoreKit 2 and finishes its own transactions, and it
  /// launches (its listener gets every unfinished transaction once). The store is then installed
  /// for the process (every StoreKit call reaches it) and listens for updates.
  ///
  /// - Parameters:
  ///   - server: The server's base URL, `http://127.0.0.1:PORT` (what `storebench serve` prints).
  ///   - device: The device's name in the world.
  ///   - token: The device token `storebench serve` printed at start (or `--device-token`).
  ///   - rootCertificate: The root to verify signed values against, DER; by default the one the
  ///     server sends when the app connects.
  ///   - installs: Whether the store becomes the process's (``install()``); tests that run in
  ///     parallel leave it out and use ``run(_:)``.
  /// - Throws: `StoreKitError.networkError` when the server cannot be reached; an error naming
  ///   what the server refused (a wrong token, a device name it cannot take).
  @discardableResult
  public static func connect(
    to server: URL, device: String = defaultDevice, token: String, rootCertificate: Data? = nil,
    installs: Bool = true
  ) async throws -> ServedStore {
    let connection = DeviceConnection(server: server, device: device, token: token)
    let launch = try await connection.send("POST", "launch", as: LaunchAnswer.self)
    guard let der = rootCertificate ?? Data(base64Encoded: launch.rootCertificate) else {
      throw DeviceFailure(errorCode: "invalid_answer", errorMessage: "the server sent no root certificate")
    }
    let root: Certificate
    do {
      root = try Certificate(derEncoded: Array(der))
    } catch {
      throw DeviceFailure(
        errorCode: "invalid_value", errorMessage: "the root certificate does not read: \(error)")
    }
    let store = ServedStore(connection: connection, launch: launch, root: root)
    if installs { store.install() }
    store.startListening()
    return store
  }

  /// Makes this store the one every StoreKit call of the process reaches.
  public func install() {
    CurrentStore.install(self)
  }

  /// Leaves the process with no installed store, if this one is installed.
  public func uninstall() {
    CurrentStore.uninstall(self)
  }

  /// Runs code whose StoreKit calls reach this store: the code's task and the tasks it creates.
  public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    try await CurrentStore.run(self, body)
  }

  /// Stops listening and leaves the process with no installed store, if this one is installed.
  ///
  /// A poll in flight is left to end by itself (within ``pollWait`` seconds, or when the server
  /// stops) and what it brings is dropped: cancelling a request of Foundation's `URLSession` can
  /// block the calling thread on Linux.
  public func disconnect() {
    uninstall()
    state.withLock { $0.stopped = true }
  }
}
