import ArgumentParser
import Benchmarks
import Foundation
import Simulation
import Store

/// `storebench bench`: measures the engine. Build with `-c release` (`make bench`).
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure the engine, the interpreter and signing (run a release build: make bench).",
    discussion: """
      subscriptions: advances the clock over N and then 2N subscriptions of mixed periods and reports \
      events per second, wall time, peak memory and the 2N/N time ratio. commands: runs scripts through \
      the interpreter (10,000 purchases then verify; a day of renewals every 2 s then verify; 100,000 \
      inexpensive commands). crypto: signing and verifying rates. api: the server's answers in this process \
      (Get Transaction Info, history, statuses, verifyReceipt of a 100-transaction receipt). Each measurement runs --repeats times and \
      the fastest run is reported. serve (not part of all; needs wrk): the HTTP server in this process, \
      wrk at --connections for --seconds on Get Transaction Info and on verifyReceipt with a 100-transaction \
      receipt: requests/s, p99 latency, resident memory; --requests N instead repeats Get Transaction Info \
      until N requests were answered, reporting memory after each round.
      """
  )

  @Option(help: "How many subscriptions in the first run.")
  var subscriptions = 10_000

  @Option(help: "How far to advance the clock.")
  var span = "10y"

  @Option(help: "How many times each measurement runs; the fastest run is reported.")
  var repeats = 3

  @Option(help: "What to measure: all, subscriptions, commands, crypto, api, durability or serve.")
  var only: Part = .all
  @Option(help: "serve: open connections.")
  var connections = 64
  @Option(help: "serve: seconds per wrk run.")
  var seconds = 5
  @Option(help: "serve: keep running rounds until this many requests were answered (a soak for memory).")
  var requests: Int?

  @OptionGroup var common: CommonOptions

  enum Part: String, ExpressibleByArgument, CaseIterable {
    case all, subscriptions, commands, crypto, api, durability, serve
  }

  func validate() throws {
    guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
  }

  func run() throws {
    #if DEBUG
      Console.error("note: this is a debug build; measure with `make bench` (release)")
    #endif
    if only == .all || only == .subscriptions { try runSubscriptions() }
    if only == .all || only == .commands { try runCommands() }
    if only == .all || only == .crypto { try runCrypto() }
    if only == .all || only == .api {
      let directory = AuthorityLocator.directory(option: common.caDir)
      try ServerAPIBenchmark(authorityDirectory: directory).report(repeats: repeats) { Console.write($0) }
    }
    if only == .all || only == .durability { try runDurability() }
    if only == .serve { try runServe() }
  }

  private func runDurability() throws {
    Console.write(
      "durability (--state: each change appended to the journal and flushed with fsync before its answer):")
    let benchmark = DurabilityBenchmark(authorityDirectory: AuthorityLocator.directory(option: common.caDir))
    let runs = try (0..<repeats).map { _ in try benchmark.run() }
    for part in runs[0].indices {
      let inMemory = runs.map { $0[part].inMemoryPerSecond }.max() ?? 0
      let kept = runs.map { $0[part].keptPerSecond }.max() ?? 0
      Console.write(
        String(
          format: "  %@: %.0f changes/s in memory, %.0f changes/s kept; kept/in-memory %.3f",
          runs[0][part].name, inMemory, kept, inMemory > 0 ? kept / inMemory : 0))
    }
  }

  private func runServe() throws {
    guard let wrk = ServerBenchmark.findWrk() else {
      Console.error("error: bench serve needs wrk on the PATH (Debian: apt-get install wrk)")
      throw ExitCode.failure
    }
    let benchmark = ServerBenchmark(
      wrk: wrk, connections: connections, seconds: seconds,
      authorityDirectory: AuthorityLocator.directory(option: common.caDir))
    let (target, launcher) = try benchmark.serve()
    defer { launcher.stop() }
    Console.write(
      "server on \(target.baseURL), \(connections) connections, \(seconds) s a run, resident memory before: "
        + megabytes(ResourceUsage.residentBytes))
    guard let requests else {
      report(try benchmark.getTransactionInfo(target))
      report(try benchmark.verifyReceipt(target))
      return
    }
    // The soak: Get Transaction Info only, so that no backlog of slow verifyReceipt requests still
    // queued for the world (wrk gives up on them after 2 s) holds the next round up.
    var answered = 0
    while answered < requests {
      let measurement = try benchmark.getTransactionInfo(target)
      report(measurement)
      answered += max(1, measurement.requests)
    }
  }

  private func report(_ measurement: ServerBenchmark.Measurement) {
    Console.write(
      String(
        format: "  %@: %d requests, %.0f requests/s, p99 %.2f ms, %d not 2xx, resident memory after %@",
        measurement.name, measurement.requests, measurement.requestsPerSecond, measurement.p99Milliseconds,
        measurement.non2xx, megabytes(measurement.residentBytes)))
  }

  private func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }

  private func runCommands() throws {
    Console.write("commands through the interpreter:")
    let directory = AuthorityLocator.directory(option: common.caDir)
    let runs = try (0..<repeats).map { _ in try InterpreterBenchmark(authorityDirectory: directory).run() }
    var fastest: [InterpreterBenchmark.Measurement] = []
    for part in runs[0].indices {
      let measurement = runs.map { $0[part] }.min { $0.seconds < $1.seconds }!
      fastest.append(measurement)
      Console.write(
        String(
          format: "  %@: %d commands in %.3f s, %.0f commands/s, %d output lines",
          measurement.name, measurement.commands, measurement.seconds, measurement.commandsPerSecond,
          measurement.outputLines))
    }
    if let cheap = fastest.last,
      let reference = (0..<repeats).compactMap({ _ in SQLiteReference.seconds(commands: cheap.commands) })
        .min()
    {
      let ratio = cheap.seconds / reference
      Console.write(
        String(
          format:
            "  reference: sqlite3 runs %d .tables in %.3f s; storebench/sqlite3 time %.2f (goal at most 1.00: %@)",
          cheap.commands, reference, ratio, Self.verdict(ratio <= 1)))
    }
    Console.write("scaling probe (n, 2n, 4n lines in one session; time ratio per doubling):")
    for probe in try ScalingBenchmark(repeats: repeats, authorityDirectory: directory).run() {
      let times = zip(probe.sizes, probe.seconds).map { String(format: "%d in %.2f s", $0, $1) }
      Console.write(
        "  \(probe.name): \(times.joined(separator: ", ")); ratios "
          + probe.ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
          + String(
            format: " (goal at most %.1f: %@)", ScalingBenchmark.goal,
            Self.verdict(probe.worstRatio <= ScalingBenchmark.goal)))
    }
  }

  private func runCrypto() throws {
    let now = VirtualClock.defaultStart
    let authority = try AuthorityLocator.open(AuthorityLocator.directory(option: common.caDir), now: now)
    let report = try CryptoBenchmark(authority: authority).run(now: now)
    Console.write("signing (one core):")
    for rate in report.rates {
      Console.write(
        "  " + rate.name.padding(toLength: 40, withPad: " ", startingAt: 0)
          + String(format: "%9.0f /s", rate.perSecond))
    }
    let signRatio = report.rates[2].perSecond / report.rates[0].perSecond
    let verifyRatio = report.rates[3].perSecond / report.rates[1].perSecond
    Console.write(
      String(
        format: "  JWS/raw: sign %.2f (goal at least 0.70: %@), verify %.2f", signRatio,
        Self.verdict(signRatio >= 0.7), verifyRatio))
    Console.write(
      String(
        format: "  receipt with %d in-app purchases (%d bytes): generated in %.3f s, verified in %.3f s",
        report.receiptEntries, report.receiptBytes, report.receiptGenerateSeconds, report.receiptVerifySeconds
      ))
  }

  private func runSubscriptions() throws {
    let advance = try TimeSpan(parsing: span)
    Console.write(
      "subscription engine: \(subscriptions) and \(subscriptions * 2) subscriptions, clock advanced \(advance)"
    )
    let first = try fastest { try SubscriptionBenchmark(subscriptions: subscriptions, span: advance).run() }
    report(first)
    let second = try fastest {
      try SubscriptionBenchmark(subscriptions: subscriptions * 2, span: advance).run()
    }
    report(second)
    let ratio = second.seconds / first.seconds
    Console.write(
      String(
        format: "  time ratio %dx/%dx subscriptions: %.2f (goal at most 2.20: %@)", 2, 1, ratio,
        Self.verdict(ratio <= 2.2)))
    let signatures = try CryptoBenchmark.rawSigningRate()
    let perSignature = first.eventsPerSecond / signatures
    Console.write(
      String(
        format: "  reference: %.0f raw P-256 signatures/s; %.1f events per signature (goal at least 8: %@)",
        signatures, perSignature, Self.verdict(perSignature >= 8)))
  }

  /// `met` or `missed`.
  static func verdict(_ met: Bool) -> String { met ? "met" : "missed" }

  /// The fastest of ``repeats`` runs: what a measurement costs with the least interference from
  /// whatever else the machine is doing.
  private func fastest(
    _ measure: () throws -> SubscriptionBenchmark.Measurement
  ) throws -> SubscriptionBenchmark.Measurement {
    try (0..<repeats).map { _ in try measure() }.min { $0.seconds < $1.seconds }!
  }

  private func report(_ measurement: SubscriptionBenchmark.Measurement) {
    let peak = Double(ResourceUsage.peakResidentBytes) / 1_048_576
    Console.write(
      String(
        format: "  %6d subscriptions: %8d renewals in %.3f s, %.0f events/s, peak memory %.0f MiB",
        measurement.subscriptions, measurement.renewals, measurement.seconds, measurement.eventsPerSecond,
        peak))
  }
}
