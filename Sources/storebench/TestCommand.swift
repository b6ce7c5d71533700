import ArgumentParser
import Foundation
import Workbench

/// `storebench test DIR`: runs a suite and ends with `N passed, N failed`.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run every *.storebench script in a directory; end with the line `N passed, N failed`.",
    discussion: "A script with an .expected file beside it passes when its transcript matches that file.")

  @OptionGroup var common: CommonOptions

  @Flag(help: "Rewrite each script's .expected file with its transcript.")
  var update = false

  @Option(help: "Run only the scripts whose file name contains this text.")
  var filter: String?

  @Argument(help: "The directory of scripts.")
  var directory: String

  func run() throws {
    let suite = SuiteRunner(runner: try common.makeRunner())
    let scripts: [String]
    do {
      scripts = try SuiteRunner.scripts(in: directory).filter { script in
        filter.map { script.split(separator: "/").last?.contains($0) ?? false } ?? true
      }
    } catch {
      Console.error("error: \(error)")
      throw ExitCode.failure
    }
    var passed = 0
    var failed = 0
    for script in scripts {
      let verdict = suite.verdict(for: script)
      if update {
        try verdict.transcript.write(
          toFile: SuiteRunner.goldenPath(for: script), atomically: true, encoding: .utf8)
      }
      if verdict.passed || update {
        passed += 1
        Console.write("pass  \(script)")
      } else {
        failed += 1
        Console.write("FAIL  \(script): \(verdict.reason ?? "failed")")
      }
    }
    Console.write("\(passed) passed, \(failed) failed")
    if failed > 0 { throw ExitCode.failure }
  }
}
