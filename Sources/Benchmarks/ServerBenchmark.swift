import Crypto
import Foundation
import Server
import Simulation
import Store
import Verifier
import Workbench

/// Measures the local App Store over HTTP with `wrk`: the server runs in this process on a free
/// port of 127.0.0.1, over a world with a 100-transaction receipt (a weekly subscription renewed 99
/// times) and an API key; `wrk` sends Get Transaction Info with a valid bearer token, then
/// verifyReceipt with the receipt.
public struct ServerBenchmark {
  /// One `wrk` run.
  public struct Measurement: Sendable {
    /// What ran.
    public var name: String
    /// Requests answered.
    public var requests: Int
    /// Requests per second.
    public var requestsPerSecond: Double
    /// The 99th percentile latency, in milliseconds.
    public var p99Milliseconds: Double
    /// Answers that were not 2xx or 3xx.
    public var non2xx: Int
    /// The process's resident memory after the run, in bytes.
    public var residentBytes: Int
  }

  /// The world the server serves, and what a client needs to ask it.
  public struct Target: Sendable {
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String
    /// `Bearer …`, valid for 60 minutes.
    public var authorization: String
    /// The receipt's base64 text.
    public var receipt: String
    /// How many in-app entries it holds.
    public var receiptEntries: Int
    /// A transaction id for Get Transaction Info.
    public var transactionId: String
  }

  /// Where `wrk` is.
  public var wrk: String
  /// Open connections.
  public var connections: Int
  /// Seconds per run.
  public var seconds: Int
  /// The certificate authority's directory.
  public var authorityDirectory: URL

  /// Creates a benchmark.
  public init(wrk: String, connections: Int = 64, seconds: Int = 5, authorityDirectory: URL) {
    self.wrk = wrk
    self.connections = connections
    self.seconds = seconds
    self.authorityDirectory = authorityDirectory
  }

  /// `wrk` on the search path, if any.
  public static func findWrk() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/wrk" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Sets the world up and starts serving it.
  ///
  /// - Returns: The target and the launcher to stop.
  /// - Throws: The world's error when the history cannot be built, or the server's error.
  public func serve() throws -> (Target, LocalServerLauncher) {
    let session = SessionOptions(
      catalog: InterpreterBenchmark.catalog(), catalogSource: "bench", caDirectory: authorityDirectory.path
    ).makeSession(
      output: OutputSink(write: { _ in }, writeError: { _ in }),
      directory: FileManager.default.currentDirectoryPath)
    try session.world.subscribe(to: "bench.weekly", renewingFor: TimeSpan(seconds: 99 * 7 * 86_400))
    let owner = SessionOwner.of(session)
    let key = P256.Signing.PrivateKey()
    let (receipt, entries, bundleId, transactionId) = try owner.withSession { session in
      let world = session.world
      try world.apiKeys.register(
        keyId: "BENCHKEY01", issuerId: APIKeyRegistry.defaultIssuerId, publicKey: key.publicKey)
      let bytes = try world.signedReceipt(of: world.device)
      let decoded = try ReceiptVerifier(trustedRoots: [try world.authority().root]).verify(
        bytes, at: world.store.clock.now)
      return (
        Data(bytes).base64EncodedString(), decoded.inAppPurchases.count, world.store.catalog.bundleId,
        decoded.inAppPurchases.first?.transactionId ?? "0"
      )
    }
    let now = Int(Date().timeIntervalSince1970)
    let token = try BearerTokenSigner(
      keyId: "BENCHKEY01", issuerId: APIKeyRegistry.defaultIssuerId, bundleId: bundleId, privateKey: key
    ).token(issuedAt: now, expiresAt: now + 3600)
    let launcher = LocalServerLauncher()
    let port = try launcher.start(port: 0, world: owner)
    let target = Target(
      baseURL: "http://127.0.0.1:\(port)", authorization: "Bearer \(token)", receipt: receipt,
      receiptEntries: entries, transactionId: transactionId)
    return (target, launcher)
  }

  /// Runs `wrk` on Get Transaction Info.
  public func getTransactionInfo(_ target: Target) throws -> Measurement {
    try run(
      "GET /inApps/v1/transactions/{id}",
      [
        "-H", "Authorization: \(target.authorization)",
        target.baseURL + "/inApps/v1/transactions/\(target.transactionId)",
      ])
  }

  /// Runs `wrk` on verifyReceipt with the receipt.
  public func verifyReceipt(_ target: Target) throws -> Measurement {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "storebench-wrk-\(getpid()).lua")
    defer { try? FileManager.default.removeItem(at: script) }
    let lua = """
      wrk.method = "POST"
      wrk.headers["Content-Type"] = "application/json"
      wrk.body = '{"receipt-data":"\(target.receipt)"}'
      """
    try Data(lua.utf8).write(to: script)
    return try run(
      "POST /sandbox/verifyReceipt (\(target.receiptEntries) transactions)",
      ["-s", script.path, target.baseURL + "/sandbox/verifyReceipt"])
  }

  private func run(_ name: String, _ arguments: [String]) throws -> Measurement {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrk)
    process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw WorkbenchError(.benchmark, "wrk failed: \(output)") }
    return Measurement(
      name: name, requests: Int(Self.number(onLineWith: " requests in ", in: output, first: true) ?? 0),
      requestsPerSecond: Self.number(onLineWith: "Requests/sec:", in: output) ?? 0,
      p99Milliseconds: Self.latency(after: "99%", in: output) ?? 0,
      non2xx: Int(Self.number(onLineWith: "Non-2xx or 3xx responses:", in: output) ?? 0),
      residentBytes: ResourceUsage.residentBytes)
  }

  /// The first or last word, as a number, of the first line holding `label`.
  static func number(onLineWith label: String, in output: String, first: Bool = false) -> Double? {
    guard let line = output.split(separator: "\n").first(where: { $0.contains(label) }) else { return nil }
    let words = line.split(separator: " ")
    return (first ? words.first : words.last).flatMap { Double($0) }
  }

  /// A latency line of `--latency`, such as `99%   12.34ms`, in milliseconds.
  static func latency(after label: String, in output: String) -> Double? {
    for line in output.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 2, words[0] == label else { continue }
      let text = String(words[1])
      for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
        return Double(text.dropLast(unit.count)).map { $0 * scale }
      }
    }
    return nil
  }
}
