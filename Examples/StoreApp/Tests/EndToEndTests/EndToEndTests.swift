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

  let directory: URL
  let server: Launched
  let serverURL: URL
  let receiver: Launched
  let receiverURL: URL
  private(set) var served: ServedStore!
  private(set) var rejected: [String] = []

  private init(directory: URL, server: Launched, serverURL: URL, receiver: Launched, receiverURL: URL) {
    self.directory = directory
    self.server = server
    self.serverURL = serverURL
    self.receiver = receiver
    self.receiverURL = receiverURL
  }

  /// Starts the server and the backend, and points the world's notifications at the backend.
  static func start() async throws -> EndToEnd {
    let environment = ProcessInfo.processInfo.environment
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try Launched(
      environment["STOREBENCH_BINARY"] ?? "",
      ["serve", "--control-token", controlToken, "--device-token", deviceToken], in: directory)
    let serverURL = try server.url()
    try await request(serverURL, "POST", "control/v1/command", body: #"{"line": "ca export root.der --der"}"#)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Backend/receiver.py").standardizedFileURL
    let receiver = try Launched(
      environment["STOREBENCH_PYTHON"] ?? "",
      [script.path, directory.appendingPathComponent("root.der").path, bundleID], in: directory)
    let receiverURL = try receiver.url()
    let notifications = receiverURL.appendingPathComponent("notifications").absoluteString
    try await request(
      serverURL, "POST", "control/v1/command", body: #"{"line": "notify-url add \#(notifications)"}"#)
    return EndToEnd(
      directory: directory, server: server, serverURL: serverURL, receiver: receiver, receiverURL: receiverURL
    )
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
    return (object["received"] as? [[String: Any]] ?? []).map { entry in
      let type = entry["notificationType"] as? String ?? ""
      let subtype = entry["subtype"] as? String
      return Notification(
        type: subtype.map { "\(type)/\($0)" } ?? type, uuid: entry["notificationUUID"] as? String ?? "",
        transactionId: entry["transactionId"] as? String, revoked: entry["revoked"] as? Bool ?? false)
    }
  }

  /// The server's log (standard error): every line it ran, the app's among them.
  var serverLog: String { server.log }

  /// Stops the app's connection, the backend, then the server: in that order, because the backend,
  /// started after the server, holds what tells Foundation the server ended (see ``Launched``).
  func stop() {
    served?.disconnect()
    receiver.stop()
    server.stop()
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
