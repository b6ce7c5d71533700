import Foundation
// ServedStore connects the app to `storebench serve`: storebench's own, so this file names its module.
import StoreBenchClient
import Testing

@testable import StoreApp

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app and its backend in one world: `storebench serve` with the default catalog; the app's own
/// `Store` (the class StoreTests runs in process) connected to it as the device `iPhone-sim`; and
/// a backend (Backend/receiver.py) that receives the world's App Store Server Notifications and
/// verifies each with Apple's App Store Server Library. The test buys Pro, lets a month pass, has
/// support refund the renewal through the control API, and checks what the app shows and what the
/// backend received after each step, waiting with `settle()` and the backend's `received`, never
/// sleeping. `make end-to-end-tests` runs it with STOREBENCH_BINARY (the storebench executable) and
/// STOREBENCH_PYTHON (a Python with Apple's library) set; without them it does not run.
@MainActor @Suite(.serialized, .enabled(if: EndToEnd.isConfigured)) struct EndToEndTests {
  @Test func theAppBuysRenewsAndLosesProAndTheBackendHearsEachStep() async throws {
    let world = try await EndToEnd.start()
    defer { world.stop() }
    try await world.connect()
    let store = Store()
    await store.waitUntilLoaded()
    try await world.served.settle()
    let pro = try #require(store.subscriptions.first { $0.id == "pro.monthly" })
    #expect(!store.hasProAccess)

    // The app buys: the App Store's answer comes back verified, and the backend hears SUBSCRIBED.
    let bought = try #require(try await store.purchase(pro), "the purchase succeeds, verified")
    #expect(store.hasProAccess, "Pro unlocks")
    let subscribed = try await world.backend(count: 1)
    #expect(subscribed.map(\.type) == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(subscribed.first?.transactionId == String(bought.id))

    // A month goes by: the subscription renews, the app's listener hears it, the backend DID_RENEW.
    try await world.control("advance-clock 1mo")
    try await world.served.settle()
    let renewal = try #require(store.latestSubscriptionTransaction)
    #expect(renewal.id != bought.id && renewal.originalID == bought.id, "the app holds the renewal")
    #expect(store.hasProAccess, "Pro stays unlocked through the renewal")
    let renewed = try await world.backend(count: 2)
    #expect(renewed.map(\.type) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])

    // Support refunds the renewal: the app's listener locks Pro, the backend hears REFUND.
    try await world.control("refund \(renewal.id)")
    try await world.served.settle()
    #expect(!store.hasProAccess, "the refund locks Pro")
    let refunded = try await world.backend(count: 3)
    #expect(refunded.map(\.type) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "REFUND"])
    #expect(refunded.last?.transactionId == String(renewal.id) && refunded.last?.revoked == true)
    #expect(Set(refunded.map(\.uuid)).count == 3, "each notification arrived once")
    #expect(world.rejected.isEmpty, "Apple's library accepted every notification: \(world.rejected)")
    #expect(world.serverLog.contains("iPhone-sim> purchase pro.monthly"), "the server's log shows the app")
  }
}

extension EndToEndTests {
  /// The server dies (kill -9) between a purchase and its notification, whose first attempt the
  /// backend refused; restarted from `--state`, the world retries it, and the app and the backend
  /// each see every change exactly once.
  @Test func aServerKilledBetweenAPurchaseAndItsNotificationLosesAndRepeatsNothing() async throws {
    let world = try await EndToEnd.start(environment: "Production", keepsState: true)
    defer { world.stop() }
    try await world.connect()
    let store = Store()
    await store.waitUntilLoaded()
    try await world.served.settle()
    let pro = try #require(store.subscriptions.first { $0.id == "pro.monthly" })

    try await world.setBackend(up: false)
    let bought = try #require(try await store.purchase(pro))
    #expect(store.hasProAccess)
    #expect(try await world.backend(count: 0).isEmpty, "the backend was down: nothing kept")
    #expect(world.refusedWhileDown == 1, "SUBSCRIBED was attempted once, and refused")

    try world.restartServer()
    try await world.setBackend(up: true)
    try await world.control("advance-clock 2h")  // production retries a failed attempt after 1 hour
    let subscribed = try await world.backend(count: 1)
    #expect(subscribed.map(\.type) == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(subscribed.first?.transactionId == String(bought.id))
    try await world.served.settle()
    #expect(store.hasProAccess, "the app still holds Pro after the restart")

    try await world.control("refund \(bought.id)")
    try await world.served.settle()
    #expect(!store.hasProAccess, "the refund reached the app's listener across the restart")
    let all = try await world.backend(count: 2)
    #expect(all.map(\.type) == ["SUBSCRIBED/INITIAL_BUY", "REFUND"])
    #expect(Set(all.map(\.uuid)).count == 2, "each notification arrived once")
    #expect(world.refusedWhileDown == 1)
    #expect(world.rejected.isEmpty, "\(world.rejected)")
  }
}

/// The served world, the backend, and the app's connection, for one test.
@MainActor final class EndToEnd {
  /// Whether the environment names the storebench executable and a Python with Apple's library.
  nonisolated static var isConfigured: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["STOREBENCH_BINARY"] != nil && environment["STOREBENCH_PYTHON"] != nil
  }

  static let controlToken = "e2e-control"
  static let deviceToken = "e2e-device"
  static let bundleID = "com.example.storebench"
  /// The app's Apple ID in a production world (the catalog gives none; the world's is this one).
  static let productionAppAppleID = 1_234_567_890

  let directory: URL
  let receiver: Launched
  let receiverURL: URL
  private(set) var server: Launched
  private(set) var serverURL: URL
  private let serverArguments: [String]
  private(set) var served: ServedStore!
  private(set) var rejected: [String] = []
  private(set) var refusedWhileDown = 0
  /// Each server started, for its log.
  private var logs: [String] = []

  private init(
    directory: URL, receiver: Launched, receiverURL: URL, server: Launched, serverURL: URL,
    arguments: [String]
  ) {
    self.directory = directory
    self.receiver = receiver
    self.receiverURL = receiverURL
    self.server = server
    self.serverURL = serverURL
    serverArguments = arguments
  }

  /// Starts the backend, then the server (in that order: see ``stop()``), and points the world's
  /// notifications at the backend.
  ///
  /// - Parameters:
  ///   - environment: The world's environment: `Sandbox` (which does not retry a notification) or
  ///     `Production` (which does).
  ///   - keepsState: Whether the world is kept in `world.json` with its journal (`--state`).
  static func start(environment: String = "Sandbox", keepsState: Bool = false) async throws -> EndToEnd {
    let variables = ProcessInfo.processInfo.environment
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Backend/receiver.py").standardizedFileURL
    let receiver = try Launched(
      variables["STOREBENCH_PYTHON"] ?? "",
      [script.path, directory.appendingPathComponent("root.der").path, bundleID, environment]
        + (environment == "Production" ? [String(productionAppAppleID)] : []), in: directory)
    let receiverURL = try receiver.url()
    let arguments =
      ["serve", "--control-token", controlToken, "--device-token", deviceToken]
      + (keepsState ? ["--state", "world.json"] : [])
    let server = try Launched(variables["STOREBENCH_BINARY"] ?? "", arguments, in: directory)
    let serverURL = try server.url()
    let world = EndToEnd(
      directory: directory, receiver: receiver, receiverURL: receiverURL, server: server,
      serverURL: serverURL,
      arguments: arguments)
    try await world.control("ca export root.der --der")
    if environment == "Production" { try await world.control("environment production") }
    try await world.control(
      "notify-url add \(receiverURL.appendingPathComponent("notifications").absoluteString)")
    return world
  }

  /// Kills the server (kill -9: no goodbye, no save) and starts it again on the same port, from
  /// its `--state` file and journal.
  func restartServer() throws {
    logs.append(server.log)
    server.stop()
    server = try Launched(
      ProcessInfo.processInfo.environment["STOREBENCH_BINARY"] ?? "",
      serverArguments + ["--port", String(serverURL.port ?? 0)], in: directory)
    serverURL = try server.url()
  }

  /// Takes the backend down (it answers 503) or brings it up.
  func setBackend(up: Bool) async throws {
    try await Self.request(receiverURL, "POST", "availability", body: #"{"up": \#(up)}"#, token: nil)
  }

  /// Connects the app: what its debug build does at launch, from the environment a UI test sets.
  func connect() async throws {
    served = try await ServedStore.connectIfConfigured(environment: [
      ServedStore.Setting.server.rawValue: serverURL.absoluteString,
      ServedStore.Setting.deviceToken.rawValue: Self.deviceToken,
    ])
  }

  /// Runs a command line through the control API, as a UI test does between taps.
  func control(_ line: String) async throws {
    let body = try JSONSerialization.data(withJSONObject: ["line": line])
    try await Self.request(
      serverURL, "POST", "control/v1/command", body: String(decoding: body, as: UTF8.self))
  }

  /// A notification as the backend kept it.
  struct Notification {
    var type: String
    var uuid: String
    var transactionId: String?
    var revoked: Bool
  }

  /// What the backend received, once it has received `count` notifications (it waits for them).
  func backend(count: Int) async throws -> [Notification] {
    let data = try await Self.request(
      receiverURL, "GET", "received", query: "count=\(count)&timeout=30", token: nil)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    rejected = object["rejected"] as? [String] ?? []
    refusedWhileDown = object["refusedWhileDown"] as? Int ?? 0
    return (object["received"] as? [[String: Any]] ?? []).map { entry in
      let type = entry["notificationType"] as? String ?? ""
      let subtype = entry["subtype"] as? String
      return Notification(
        type: subtype.map { "\(type)/\($0)" } ?? type, uuid: entry["notificationUUID"] as? String ?? "",
        transactionId: entry["transactionId"] as? String, revoked: entry["revoked"] as? Bool ?? false)
    }
  }

  /// The servers' logs (standard error): every line they ran, the app's among them.
  var serverLog: String { (logs + [server.log]).joined() }

  /// Stops the app's connection, the server, then the backend: in the reverse order of their start,
  /// because a program holds what tells Foundation that the ones started before it ended (see
  /// ``Launched``).
  func stop() {
    served?.disconnect()
    server.stop()
    receiver.stop()
  }

  /// Sends a request and waits for its answer (the server answers control requests once the world
  /// has settled); an answer other than 200 throws.
  @discardableResult
  static func request(
    _ base: URL, _ method: String, _ path: String, query: String? = nil, body: String? = nil,
    token: String? = controlToken
  ) async throws -> Data {
    var url = base.appendingPathComponent(path)
    if let query { url = URL(string: "\(url.absoluteString)?\(query)") ?? url }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 60
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.httpBody = body.map { Data($0.utf8) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else {
      throw LaunchError(
        description: "\(method) \(path) answered \(status): \(String(decoding: data, as: UTF8.self))")
    }
    return data
  }
}
