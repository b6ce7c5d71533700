import Foundation
import Simulation
import Workbench

/// What keeping a world on disk costs (`--state FILE`): the same changes, answered by a world held
/// in memory and by a kept one, which appends each change to its journal and flushes it to the disk
/// (`fsync`) before answering, in the same run. Two kinds of change are measured: a request to the
/// App Store Server API (a new app account token for a purchase) and a command line (`account add`).
public struct DurabilityBenchmark {
  /// One kind of change, measured both ways.
  public struct Measurement: Sendable {
    /// What changed.
    public var name: String
    /// Changes a second in memory.
    public var inMemoryPerSecond: Double
    /// Changes a second kept on disk.
    public var keptPerSecond: Double
    /// The kept world's rate over the in-memory one's.
    public var ratio: Double { inMemoryPerSecond > 0 ? keptPerSecond / inMemoryPerSecond : 0 }
  }

  /// The certificate authority's directory.
  public var authorityDirectory: URL
  /// How long each way is measured, in seconds.
  public var seconds: Double

  /// Creates a benchmark.
  public init(authorityDirectory: URL, seconds: Double = 1) {
    self.authorityDirectory = authorityDirectory
    self.seconds = seconds
  }

  /// Measures both kinds of change, in memory and kept.
  ///
  /// - Throws: ``WorkbenchError`` when the world cannot be set up or a change fails.
  public func run() throws -> [Measurement] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bench-durability-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var measurements: [Measurement] = []
    for (name, change) in Self.changes {
      let inMemory = try measure(change, keptIn: nil)
      let kept = try measure(
        change, keptIn: directory.appendingPathComponent("\(measurements.count).json").path)
      measurements.append(Measurement(name: name, inMemoryPerSecond: inMemory, keptPerSecond: kept))
    }
    return measurements
  }

  /// The changes: each makes change number N in a session.
  private static var changes: [(String, (Int, Session) -> Interpreter.Outcome)] {
    [
      (
        "App Store Server API: PUT appAccountToken",
        { index, session in
          let body = #"{"appAccountToken":"00000000-0000-4000-8000-\#(String(format: "%012d", index))"}"#
          let answer = AppStoreServerAPI.respond(
            to: APIRequest(
              method: "PUT", path: "/inApps/v1/transactions/2000000000000001/appAccountToken",
              body: Array(body.utf8)),
            in: session.world)
          return answer.status == 200 ? .succeeded : .failed("answered \(answer.status)")
        }
      ),
      (
        "command line: account add",
        { index, session in Interpreter.run(line: "account add a\(index)", in: session) }
      ),
    ]
  }

  /// Changes per second for ``seconds``, after the world is set up: a purchase to change.
  private func measure(_ change: (Int, Session) -> Interpreter.Outcome, keptIn path: String?) throws -> Double
  {
    let options = SessionOptions(
      catalog: try CatalogLocator.builtIn(), catalogSource: "bench", caDirectory: authorityDirectory.path)
    let session = try options.openSession(
      keptIn: path, output: OutputSink(write: { _ in }, writeError: { _ in }),
      directory: FileManager.default.temporaryDirectory.path
    ).session
    if let failure = Interpreter.run(line: "buy pro.monthly", in: session).failure {
      throw WorkbenchError(.benchmark, "durability: buy pro.monthly: \(failure)")
    }
    let clock = ContinuousClock()
    let start = clock.now
    var count = 0
    while count < 20 || clock.now - start < .seconds(seconds) {
      if let failure = change(count, session).failure {
        throw WorkbenchError(.benchmark, "durability: change \(count + 1): \(failure)")
      }
      count += 1
    }
    let elapsed = clock.now - start
    try session.keptWorld?.close(in: session)
    return Double(count)
      / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
}
