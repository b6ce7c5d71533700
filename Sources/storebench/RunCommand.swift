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
    var passed = true
    for file in files {
      let script: Script
      if file == "-" {
        let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        script = Script(name: "-", text: text, directory: FileManager.default.currentDirectoryPath)
      } else {
        do {
          script = try Script(path: file)
        } catch {
          Console.error("error: \(error)")
          passed = false
          continue
        }
      }
      passed = runner.run(script, output: Console.sink).passed && passed
    }
    if !passed { throw ExitCode.failure }
  }
}
