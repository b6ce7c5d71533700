import Simulation
import Testing

@testable import Workbench

/// The session owner runs the control API's requests as typed lines: shown as `control> LINE`,
/// answered with what the command printed, and failures with their code.
@Suite struct SessionOwnerControlTests {
  private func owner() throws -> (SessionOwner, Transcript) {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
      output: .collecting(into: transcript))
    return (SessionOwner.of(session), transcript)
  }

  @Test func aLineRunsAsTypedAndAnswersWhatItPrinted() async throws {
    let (owner, transcript) = try owner()
    let bought = await owner.control(line: "buy level.pack")
    #expect(bought.commandLine == "buy level.pack")
    #expect(bought.succeeded && bought.code == nil && bought.error == nil)
    #expect(!bought.output.isEmpty)
    #expect(!bought.output.contains("control> buy level.pack"))
    #expect(transcript.lines.contains("control> buy level.pack"))
    let history = await owner.control(line: "history")
    #expect(history.output.contains { $0.contains("2000000000000001") }, "\(history.output)")
  }

  @Test func aFailureAnswersItsErrorAndCode() async throws {
    let (owner, _) = try owner()
    let unknown = await owner.control(line: "frobnicate")
    #expect(!unknown.succeeded && unknown.code == .unknownCommand)
    let missing = await owner.control(line: "refund 2000000000000009")
    #expect(!missing.succeeded && missing.code == .unknownTransaction, "\(missing)")
    #expect(missing.error?.isEmpty == false && missing.error?.hasPrefix("error:") == false, "\(missing)")
  }

  @Test func aNamedActionRunsTheCommandItMirrors() async throws {
    let (owner, transcript) = try owner()
    #expect(owner.run(line: "buy level.pack") == .succeeded)
    let refund = await owner.control(
      PageAction(name: "refund", fields: ["transaction": "2000000000000001", "reason": "other"]))
    #expect(refund.commandLine == "refund 2000000000000001 --reason other" && refund.succeeded)
    #expect(transcript.lines.contains("control> refund 2000000000000001 --reason other"))
    let refused = await owner.control(PageAction(name: "quit"))
    #expect(refused.commandLine == nil && refused.code == .invalidValue)
  }
}
