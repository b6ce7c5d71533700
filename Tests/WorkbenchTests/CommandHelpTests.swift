import Testing

@testable import Workbench

@Suite struct CommandHelpTests {
  @Test func theTextIsWhatHelpPrintsAtThePrompt() throws {
    for topic in [[], ["buy"], ["observer", "add"], ["record"]] {
      let transcript = Transcript()
      let session = Session(
        catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript)
      )
      #expect(PromptLoop(session: session).run((["help"] + topic).joined(separator: " ")) == .succeeded)
      #expect(try CommandHelp.text(for: topic) == transcript.lines.joined(separator: "\n"))
    }
    #expect(try CommandHelp.text(for: []).contains("record"))
  }

  @Test func anUnknownCommandIsAnError() {
    #expect(throws: WorkbenchError.self) { try CommandHelp.text(for: ["bogus"]) }
  }
}
