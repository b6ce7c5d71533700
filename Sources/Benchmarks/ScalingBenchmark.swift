import Foundation

/// The scaling probe: commands that add to a per-world registry (`account add`, `observer add`,
/// `device add`) run n, 2n and 4n times in one session each; the time may at most about double
/// with each doubling (``goal``), which a registry searched line by line would not.
public struct ScalingBenchmark {
  /// One command's three runs.
  public struct Probe: Sendable {
    /// The command, such as `account add`.
    public var name: String
    /// How many lines each run had.
    public var sizes: [Int]
    /// Each run's wall time, in seconds.
    public var seconds: [Double]
    /// The time of each run over the one before (the size doubled).
    public var ratios: [Double] { zip(seconds.dropFirst(), seconds).map { $0 / max($1, 1e-9) } }
    /// The worst ratio per doubling.
    public var worstRatio: Double { ratios.max() ?? 0 }
  }

  /// The most a run may grow when its size doubles.
  public static let goal = 2.3

  /// The smallest run's size.
  public var base: Int
  private let commands: InterpreterBenchmark

  /// How many times each run is measured; the fastest counts.
  public var repeats: Int

  /// Creates a probe.
  public init(base: Int = 10_000, repeats: Int = 3, authorityDirectory: URL) {
    self.base = base
    self.repeats = repeats
    commands = InterpreterBenchmark(authorityDirectory: authorityDirectory)
  }

  /// Runs the probes.
  ///
  /// - Throws: ``WorkbenchError`` when a line fails.
  public func run() throws -> [Probe] {
    let probes: [(String, (Int) -> String)] = [
      ("account add", { "account add a\($0)" }), ("observer add", { "observer add o\($0)" }),
      ("device add", { "device add d\($0)" }),
    ]
    return try probes.map { name, line in
      let sizes = [base, 2 * base, 4 * base]
      let seconds = try sizes.map { size in
        try (0..<repeats).map { run in
          // New names each time, so that no run reuses lines an earlier one parsed.
          try commands.measure(name, (0..<size).map { line(run * 10 * size + $0) }).seconds
        }.min() ?? 0
      }
      return Probe(name: name, sizes: sizes, seconds: seconds)
    }
  }
}

/// The reference for command output: the sqlite3 shell running the same number of its own
/// inexpensive dot-commands (`.tables`) on an empty in-memory database, in the same run.
public enum SQLiteReference {
  /// The seconds `sqlite3 :memory:` takes for `count` lines of `.tables`, or `nil` without sqlite3.
  public static func seconds(commands count: Int) -> Double? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return nil }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent(
      "storebench-sqlite-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: input) }
    let text = String(repeating: ".tables\n", count: count)
    guard (try? text.write(to: input, atomically: true, encoding: .utf8)) != nil,
      let handle = try? FileHandle(forReadingFrom: input)
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [":memory:"]
    process.standardInput = handle
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
