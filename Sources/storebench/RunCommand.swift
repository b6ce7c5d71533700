import ArgumentParser
import Foundation
import Workbench

/// `storebench run FILE…`: runs scripts.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run script files (- for standard input), each in a fresh session.",
    discussion: "A failed expect or command prints FILE:LINE: and the run exits 1.")

  @OptionGroup var common: CommonOptions

  @Flag(help: "Continue after a failed line.")
  var keepGoing = false

  @Flag(help: "Print each command line before its output.")
  var transcript = false

  @Argument(help: "Script files, or - for standard input.")
  var files: [String]

  func run() throws {
    let runner = try common.makeRunner(keepGoing: keepGoing, echoCommands: transcript)
    let monitor = InterruptMonitor()
    if let problem = Interrupts.catchInterrupts() {
      Console.error("warning: Ctrl-C cannot be caught: \(problem)")
    }
    var results: [ScriptRunner.Result] = []
    var unreadable = false
    for file in files where !(results.last?.interrupted ?? false) {
      let script: Script
      do {
        script = try file == "-" ? Self.standardInputScript() : Script(path: file)
      } catch {
        Console.error("error: \(error)")
        unreadable = true
        continue
      }
      results.append(runner.run(script, output: Console.sink, monitor: monitor))
    }
    if unreadable { throw ExitCode.failure }
    try Self.exit(with: results)
  }

  /// The script read from standard input, named `-`, paths relative to the working directory.
  ///
  /// - Throws: ``WorkbenchError`` as ``Script/init(name:bytes:directory:)`` does.
  static func standardInputScript() throws(WorkbenchError) -> Script {
    try Script(
      name: "-", bytes: Array(FileHandle.standardInput.readDataToEndOfFile()),
      directory: FileManager.default.currentDirectoryPath)
  }

  /// Ends a run as its results say: 130 when Ctrl-C stopped it (as a shell reports a process
  /// stopped by SIGINT), 1 when a line failed.
  static func exit(with results: [ScriptRunner.Result]) throws {
    if results.contains(where: \.interrupted) { throw ExitCode(130) }
    if results.contains(where: { !$0.passed }) { throw ExitCode.failure }
  }
}
