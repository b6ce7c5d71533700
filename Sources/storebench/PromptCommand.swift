import ArgumentParser
import Foundation
import Store
import Workbench

/// `storebench [prompt]`: the interactive prompt, or standard input run as a script.
struct PromptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prompt", abstract: "Open the interactive prompt (the default).")

  @OptionGroup var common: CommonOptions

  func run() throws {
    let runner = try common.makeRunner()
    guard Console.inputIsTerminal else {
      let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
      let script = Script(name: "-", text: text, directory: FileManager.default.currentDirectoryPath)
      guard runner.run(script, output: Console.sink).passed else { throw ExitCode.failure }
      return
    }
    let session = Session(
      catalog: runner.catalog, catalogSource: runner.catalogSource, output: Console.sink,
      format: common.format)
    session.baseDirectory = FileManager.default.currentDirectoryPath
    session.caDirectory = AuthorityLocator.directory(option: common.caDir)
    Console.write(
      "storebench \(StorebenchVersion.current) on catalog \(runner.catalogSource). Type help, or quit.")
    while !session.wantsToQuit {
      Console.prompt("\(Timestamp.log(session.world.store.clock.now))> ")
      guard let line = readLine() else { break }
      switch Interpreter.run(line: line, in: session) {
      case .succeeded: break
      case .failed(let message): Console.error("error: \(message)")
      case .expectationFailed(let message): Console.error("expectation failed: \(message)")
      }
    }
  }
}
