import ArgumentParser
import Foundation
import Store
import Workbench

/// `storebench bench`: measures the engine. Build with `-c release` (`make bench`).
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure the subscription engine (run a release build: make bench).",
    discussion:
      "Advances the clock over N and then 2N subscriptions of mixed periods and reports events per second, wall time, peak memory and the 2N/N time ratio."
  )

  @Option(help: "How many subscriptions in the first run.")
  var subscriptions = 10_000

  @Option(help: "How far to advance the clock.")
  var span = "10y"

  func run() throws {
    let advance = try TimeSpan(parsing: span)
    #if DEBUG
      Console.error("note: this is a debug build; measure with `make bench` (release)")
    #endif
    Console.write(
      "subscription engine: \(subscriptions) and \(subscriptions * 2) subscriptions, clock advanced \(advance)"
    )
    let first = try SubscriptionBenchmark(subscriptions: subscriptions, span: advance).run()
    report(first)
    let second = try SubscriptionBenchmark(subscriptions: subscriptions * 2, span: advance).run()
    report(second)
    Console.write(
      String(format: "  time ratio %dx/%dx subscriptions: %.2f", 2, 1, second.seconds / first.seconds))
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
