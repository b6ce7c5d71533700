import ArgumentParser
import Foundation
import JSON
import Simulation
import Workbench

/// `storebench run FILE…`: runs scripts.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run script files (- for standard input), each in a fresh session.",
    discussion: """
      A failed expect or command prints FILE:LINE: and the run exits 1. The first failure stops \
      the run: the rest of that script and the scripts after it do not run, and the ones skipped \
      are named. With --keep-going every line of every script runs, each failure is reported, and \
      the run still exits 1 when any failed. Ctrl-C always stops the run (exit 130).
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var seed: SeedOptions

  @Flag(help: "Run every line of every script, reporting each failure, instead of stopping at the first.")
  var keepGoing = false

  @Flag(help: "Print each command line before its output.")
  var transcript = false

  @Argument(help: "Script files, or - for standard input.")
  var files: [String]

  func run() throws {
    let (identity, isDrawn) = seed.identity(freshByDefault: false)
    if isDrawn { Console.error(identity.startLine) }
    let runner = try common.makeRunner(keepGoing: keepGoing, echoCommands: transcript, identity: identity)
    let monitor = InterruptMonitor()
    if let problem = Interrupts.catchInterrupts() {
      Console.error("warning: Ctrl-C cannot be caught: \(problem)")
    }
    var results: [ScriptRunner.Result] = []
    var unreadable = false
    for (index, file) in files.enumerated() {
      let script: Script
      do {
        script = try file == "-" ? Self.standardInputScript() : Script(path: file)
      } catch {
        Console.failure(error, code: .of(error), format: common.format)
        unreadable = true
        if keepGoing { continue }
        reportSkipped(Array(files.dropFirst(index + 1)), interrupted: false)
        break
      }
      let result = runner.run(script, output: Console.sink, monitor: monitor)
      results.append(result)
      if result.interrupted || (!result.passed && !keepGoing) {
        reportSkipped(Array(files.dropFirst(index + 1)), interrupted: result.interrupted)
        break
      }
    }
    if unreadable && !results.contains(where: \.interrupted) { throw ExitCode.failure }
    try Self.exit(with: results)
  }

  /// Names the scripts a failure or Ctrl-C kept from running, on standard error:
  /// `skipped 2 scripts after the failure (--keep-going runs them): b.storebench, c.storebench`; as
  /// JSON, `{"skipped":{"after":"failure","scripts":["b.storebench","c.storebench"]}}` on standard
  /// output with the rest.
  private func reportSkipped(_ skipped: [String], interrupted: Bool) {
    guard !skipped.isEmpty else { return }
    switch common.format {
    case .text:
      let count = skipped.count == 1 ? "1 script" : "\(skipped.count) scripts"
      let why = interrupted ? "after Ctrl-C" : "after the failure (--keep-going runs them)"
      Console.error("skipped \(count) \(why): \(skipped.joined(separator: ", "))")
    case .json:
      let report = OrderedJSON.object([
        .init("after", .string(interrupted ? "interrupt" : "failure")),
        .init("scripts", .array(skipped.map(OrderedJSON.string))),
      ])
      Console.write(OrderedJSON.object([.init("skipped", report)]).text)
    }
  }

  /// The script read from standard input, named `-`, paths relative to the working directory.
  ///
  /// - Throws: ``WorkbenchError`` as ``Script/init(name:bytes:directory:)`` does.
  static func standardInputScript() throws(WorkbenchError) -> Script {
    try Script(standardInputIn: FileManager.default.currentDirectoryPath)
  }

  /// Ends a run as its results say: 130 when Ctrl-C stopped it (as a shell reports a process
  /// stopped by SIGINT), 1 when a line failed.
  static func exit(with results: [ScriptRunner.Result]) throws {
    if results.contains(where: \.interrupted) { throw ExitCode(130) }
    if results.contains(where: { !$0.passed }) { throw ExitCode.failure }
  }
}
