import Testing

@testable import Workbench

@Suite struct PromptLoopTests {
  @Test func thePromptShowsTheTimeAndTheDeviceOnceThereAreSeveral() throws {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
    let loop = PromptLoop(session: session)
    #expect(loop.prompt == "2026-01-01 00:00:00> ")
    #expect(Interpreter.run(line: "device add iPad", in: session) == .succeeded)
    #expect(Interpreter.run(line: "device use iPad", in: session) == .succeeded)
    #expect(loop.prompt == "iPad 2026-01-01 00:00:00> ")
  }
}
