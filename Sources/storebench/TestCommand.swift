import ArgumentParser
import Foundation
import JSON
import Simulation
import Workbench

/// `storebench test DIR`: runs a suite in parallel and ends with `N passed, N failed`.
struct TestCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run every *.storebench script in a directory; end with the line `N passed, N failed`.",
    discussion: """
      A script with an .expected file beside it passes when its transcript matches that file and no \
      expect failed; otherwise a unified diff shows the difference. In an .expected line, {{jws}}, \
      {{base64}}, {{uuid}}, {{digits}} or {{hex}} masks one value that changes from run to run \
      (a signature, a token, a nonce, a real time), and {{open}} is a literal {{. --update writes \
      each transcript to its .expected file, keeping each masked line that still matches, except a \
      script whose expect failed: that one fails and keeps its file. \
      Scripts run in parallel, each in its own session; results are printed in the scripts' order. \
      On a terminal a progress count is shown and results are coloured, unless NO_COLOR is set or \
      TERM is dumb.

      --shard I/N runs one of N slices of the suite, chosen by a stable hash of each script's \
      path relative to DIR, so that N CI runners each given a different I run every script exactly \
      once. A slice with no scripts passes (`shard 2/3: no scripts`). With --junit the report's \
      testsuite is named after DIR and the shard, and each testcase after the script's path \
      relative to DIR, so the reports of the N shards merge without clashes.

      --format json writes the report as JSON lines, one per script \
      ({"script":…,"passed":false,"reason":…,"diff":[…],"duration_ms":…}), then \
      {"summary":{"passed":N,"failed":N}}; errors are {"error":{"code":…,"message":…}} on standard \
      output. Transcripts are compared as text either way, as golden files hold them.
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  @Flag(help: "Rewrite each script's .expected file with its transcript (not one whose expect fails).")
  var update = false

  @Option(help: "Run only the scripts whose file name contains this text.")
  var filter: String?

  @Option(
    name: [.customShort("j"), .long], help: "How many scripts run at once (default: the number of cores).")
  var jobs: Int?

  @Option(help: "Write a JUnit XML report to this file.")
  var junit: String?

  @Option(help: "Run only slice I of N (1 ≤ I ≤ N), such as 2/3, to split a suite across CI runners.")
  var shard: String?

  @Argument(help: "The directory of scripts.")
  var directory: String

  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    _ = try parsedShard()
  }

  /// The slice `--shard` asks for, `nil` for the whole suite.
  ///
  /// - Throws: `ValidationError` saying what is wrong with the value.
  private func parsedShard() throws -> SuiteRunner.Shard? {
    guard let shard else { return nil }
    do {
      return try SuiteRunner.Shard(parsing: shard)
    } catch {
      throw ValidationError(error.description)
    }
  }

  func run() async throws {
    let (identity, isDrawn) = seed.identity(freshByDefault: false)
    if isDrawn { Console.error(identity.startLine) }
    let suite = SuiteRunner(runner: try common.makeRunner(identity: identity))
    let shard = try parsedShard()
    var scripts: [String]
    do {
      scripts = try SuiteRunner.scripts(in: directory).filter { script in
        filter.map { script.split(separator: "/").last?.contains($0) ?? false } ?? true
      }
    } catch {
      Console.failure(error, code: .of(error), format: common.format)
      throw ExitCode.failure
    }
    guard !scripts.isEmpty else {
      let which = filter.map { " whose name contains \"\($0)\"" } ?? ""
      Console.failure(
        "\(directory): no *.storebench scripts\(which) to run", code: .noScripts, format: common.format)
      throw ExitCode.failure
    }
    if let shard {
      scripts = shard.scripts(of: scripts, in: directory)
      if scripts.isEmpty { reportEmpty(shard) }
    }
    let style = Console.style
    let json = common.format == .json
    let clock = ContinuousClock()
    let start = clock.now
    var verdicts: [SuiteRunner.Verdict] = []
    _ = await suite.run(scripts, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount) { progress in
      for verdict in progress.ready {
        let settled = update ? suite.recordGolden(of: verdict) : verdict
        if json {
          Console.write(SuiteReport.json(for: settled))
        } else {
          Console.prompt(style.clearLine)
          SuiteReport.lines(for: settled, style: style).forEach(Console.write)
        }
        verdicts.append(settled)
      }
      if !json && style.isTerminal && progress.finished < progress.total {
        Console.prompt(
          style.clearLine + SuiteReport.progress(finished: progress.finished, total: progress.total))
      }
    }
    Console.write(json ? SuiteReport.jsonSummary(of: verdicts) : SuiteReport.summary(of: verdicts))
    if let junit {
      do {
        let name = shard.map { "\(directory) (shard \($0))" } ?? directory
        try JUnitReport.xml(
          name: name, directory: directory, verdicts: verdicts, duration: clock.now - start
        ).write(
          toFile: junit, atomically: true, encoding: .utf8)
      } catch {
        Console.failure(
          "\(junit): cannot write the JUnit report: \(error.localizedDescription)", code: .commandFailed,
          format: common.format)
        throw ExitCode.failure
      }
    }
    if verdicts.contains(where: { !$0.passed }) { throw ExitCode.failure }
  }

  /// Says that a slice holds none of the suite's scripts: `shard 2/3: no scripts`, or as JSON
  /// `{"shard":"2/3","scripts":0}`.
  private func reportEmpty(_ shard: SuiteRunner.Shard) {
    switch common.format {
    case .text: Console.write("shard \(shard): no scripts")
    case .json:
      Console.write(
        OrderedJSON.object([.init("shard", .string("\(shard)")), .init("scripts", .integer(0))]).text)
    }
  }
}
