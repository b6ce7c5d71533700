import Simulation
import Testing

@testable import Workbench

/// The page's actions become the command lines they mirror, and nothing else: every field is
/// checked before a line is made.
@Suite struct PageActionsTests {
  static let lines: [(PageAction, String)] = [
    (
      PageAction(name: "refund", fields: ["transaction": "2000000000000001", "reason": "app-issue"]),
      "refund 2000000000000001 --reason app-issue"
    ),
    (
      PageAction(name: "refund-decide", fields: ["transaction": "2000000000000001", "decision": "grant"]),
      "refund decide grant 2000000000000001"
    ),
    (PageAction(name: "expire", fields: ["product": "pro.monthly"]), "expire pro.monthly"),
    (PageAction(name: "renew", fields: ["product": "pro.monthly"]), "renew-now pro.monthly"),
    (
      PageAction(name: "auto-renew", fields: ["product": "pro.monthly", "setting": "off"]),
      "auto-renew off pro.monthly"
    ),
    (PageAction(name: "billing-retry", fields: ["setting": "on"]), "billing-retry on"),
    (PageAction(name: "billing-fix"), "billing-fix"),
    (PageAction(name: "grace-period", fields: ["setting": "on", "days": "3d"]), "grace-period on 3d"),
    (PageAction(name: "grace-period", fields: ["setting": "off", "days": "3d"]), "grace-period off"),
    (
      PageAction(
        name: "price-increase", fields: ["product": "pro.monthly", "price": "5.99", "consent": "required"]),
      "price-increase pro.monthly 5.99 --consent-required"
    ),
    (
      PageAction(name: "consent", fields: ["product": "pro.monthly", "answer": "accept"]),
      "consent accept pro.monthly"
    ),
    (PageAction(name: "approve", fields: ["handle": "#3"]), "approve #3"),
    (PageAction(name: "decline", fields: ["handle": "#3"]), "decline #3"),
    (PageAction(name: "resolve", fields: ["handle": "#12"]), "resolve #12"),
    (PageAction(name: "advance-clock", fields: ["step": "1mo"]), "advance-clock 1mo"),
    (PageAction(name: "redeem", fields: ["code": "SPRING"]), "redeem SPRING"),
    (
      PageAction(name: "fail-next", fields: ["api": "buy", "error": "paymentCancelled"]),
      "fail-next buy --error paymentCancelled"
    ),
    (PageAction(name: "promote", fields: ["product": "pro.monthly"]), "promote pro.monthly"),
    (
      PageAction(name: "server-fault", fields: ["endpoint": "history", "kind": "rate-limit", "value": "2s"]),
      "server fault history rate-limit 2s"
    ),
    (PageAction(name: "server-faults-clear"), "server faults clear"),
    (PageAction(name: "cancel-flow", fields: ["product": "pro.monthly"]), "cancel-flow pro.monthly"),
    (
      PageAction(name: "cancel-flow", fields: ["product": "pro.monthly", "locale": "fr-FR"]),
      "cancel-flow pro.monthly --locale fr-FR"
    ),
    (PageAction(name: "cancel-flow-answer", fields: ["answer": "accept"]), "cancel-flow accept"),
    (PageAction(name: "rescind-consent"), "rescind-consent"),
    (PageAction(name: "notify", fields: ["type": "PRICE_CHANGE"]), "notify PRICE_CHANGE"),
    (
      PageAction(
        name: "notify",
        fields: ["type": "DID_RENEW", "subtype": "BILLING_RECOVERY", "transaction": "2000000000000001"]),
      "notify DID_RENEW BILLING_RECOVERY 2000000000000001"
    ),
    (
      PageAction(name: "link-out", fields: ["type": "services"]), "external-purchase link-out --type services"
    ),
    (PageAction(name: "link-out", fields: ["type": "untyped"]), "external-purchase link-out"),
    (PageAction(name: "expire", fields: ["product": "odd id \"x\""]), #"expire "odd id \"x\"""#),
  ]

  @Test func eachActionIsTheCommandItMirrors() throws {
    for (action, line) in Self.lines {
      #expect(try PageActions.commandLine(for: action) == line)
    }
    #expect(Set(Self.lines.map(\.0.name)) == Set(PageActions.names))
  }

  static let refused: [(PageAction, String)] = [
    (PageAction(name: "quit"), "no page action named quit"),
    (PageAction(name: "link-out", fields: ["type": "in-app"]), "type must be one of"),
    (
      PageAction(name: "refund", fields: ["transaction": "1; quit", "reason": "other"]), "transaction must be"
    ),
    (
      PageAction(name: "refund", fields: ["transaction": "2000000000000001", "reason": "because"]),
      "reason must be one of"
    ),
    (PageAction(name: "refund", fields: ["reason": "other"]), "the field transaction is missing"),
    (PageAction(name: "approve", fields: ["handle": "3"]), "handle must be"),
    (PageAction(name: "cancel-flow-answer", fields: ["answer": "maybe"]), "answer must be one of"),
    (PageAction(name: "notify", fields: ["type": "NOT_A_TYPE"]), "type must be one of"),
    (
      PageAction(name: "cancel-flow", fields: ["product": "pro.monthly", "locale": "en US; quit"]),
      "locale must be"
    ),
    (PageAction(name: "advance-clock", fields: ["step": "100y"]), "step must be one of"),
    (PageAction(name: "redeem", fields: ["code": "A B"]), "code must be"),
    (
      PageAction(name: "server-fault", fields: ["endpoint": "nowhere", "kind": "error"]),
      "endpoint must be one of"
    ),
    (
      PageAction(name: "price-increase", fields: ["product": "pro.monthly", "price": "5.99; quit"]),
      "price must be"
    ),
  ]

  @Test func aWrongFieldIsRefusedBeforeAnyLineIsMade() {
    for (action, message) in Self.refused {
      #expect(throws: WorkbenchError.self, "\(action)") { try PageActions.commandLine(for: action) }
      do {
        _ = try PageActions.commandLine(for: action)
      } catch {
        #expect(error.description.contains(message), "\(error.description)")
      }
    }
  }

  @Test func theOwnerRunsAnActionAsATypedLine() async throws {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
      output: .collecting(into: transcript))
    let owner = SessionOwner.of(session)
    #expect(owner.run(line: "buy level.pack") == .succeeded)
    let result = await owner.perform(
      PageAction(name: "refund", fields: ["transaction": "2000000000000001", "reason": "other"]))
    #expect(
      result
        == PageActionResult(
          commandLine: "refund 2000000000000001 --reason other", succeeded: true, message: "done"))
    #expect(transcript.lines.contains("page> refund 2000000000000001 --reason other"))
    let failed = await owner.perform(PageAction(name: "expire", fields: ["product": "pro.monthly"]))
    #expect(!failed.succeeded && failed.commandLine == "expire pro.monthly")
    #expect(transcript.lines.last?.contains("error") == true)
  }
}
