import Foundation
import Testing

@testable import Workbench

/// Errors that finish the sentence: a mistyped product id, `expect` subject, option or command
/// gets the name it most likely meant (one helper for all: ``DidYouMean``), and an expectation that
/// cannot hold says why.
@Suite struct SuggestionMessageTests {
  private func session(catalog: String? = nil) throws -> Session {
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    if let catalog {
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("catalog/\(catalog)").path
      #expect(Interpreter.run(line: "catalog load \(path)", in: session) == .succeeded)
    }
    return session
  }

  private func failure(_ line: String, in session: Session) -> String {
    Interpreter.run(line: line, in: session).message ?? "(it ran)"
  }

  @Test(arguments: [
    "status pro.montly", "auto-renew off pro.montly", "expire pro.montly", "renew-now pro.montly",
    "price-increase pro.montly 9.99", "consent accept pro.montly", "buy-backdated pro.montly 2025-06-01",
    "latest pro.montly", "purchase pro.montly", "offer-code create pro.montly x",
    "expect subscription pro.montly active", "expect storage pro.montly 1", "expect entitlement pro.montly",
  ])
  func aMistypedProductIdGetsTheNearestOne(line: String) throws {
    let message = failure(line, in: try session())
    #expect(
      message.contains(#"no product "pro.montly" in the catalog; did you mean "pro.monthly"?"#), "\(message)")
  }

  @Test func buyAndProductsSuggestTooCaseAside() throws {
    let session = try session(catalog: "soccer.json")
    #expect(
      failure("buy goldenglobe", in: session)
        == #"no product "goldenglobe" in the catalog; did you mean "GoldenGlobe"? (`products` lists them; `buy --unchecked goldenglobe` sends the payment anyway, as an app that skipped the products request would)"#
    )
    let transcript = Transcript()
    session.withOutput(.collecting(into: transcript)) {
      #expect(
        Interpreter.run(line: "products GoldenGlobe goldenglobe nothing.like.it", in: session) == .succeeded)
    }
    #expect(
      transcript.lines.contains(#"invalid: goldenglobe (unknown product; did you mean "GoldenGlobe"?)"#))
    #expect(transcript.lines.contains("invalid: nothing.like.it (unknown product)"))
  }

  @Test func aSubscriptionCommandOnAnotherKindOfProductStillSaysSo() throws {
    #expect(
      failure("status coins.100", in: try session()) == "coins.100 is not an auto-renewable subscription")
  }

  @Test func aMistypedSubjectOfExpectGetsTheNearestOne() throws {
    let message = failure("expect subscripton pro.monthly active", in: try session())
    #expect(
      message.hasPrefix(#"expect: unknown subject "subscripton"; did you mean "subscription"?"#), "\(message)"
    )
    #expect(message.contains("subjects: txn refunded subscription"))
    #expect(failure("expect bogus", in: try session()).hasPrefix(#"expect: unknown subject "bogus""# + "\n"))
  }

  @Test func aMistypedOptionGetsTheNearestOne() throws {
    #expect(
      failure("buy coins.100 --quantty 2", in: try session()).hasPrefix(
        "buy: unknown option '--quantty'; did you mean '--quantity'? (options: --quantity, --offer,"))
  }

  @Test func theBeginningOfOneCommandIsSuggestedNotRun() throws {
    let session = try session()
    #expect(
      failure("advance 1d", in: session)
        == "unknown command 'advance'; did you mean 'advance-clock'? (`help` lists the commands)")
    #expect(
      failure("expect clock 2026-01-01", in: session) == "(it ran)", "the clock did not move")
  }

  @Test func anExpectedNotificationWithoutAURLSaysNothingIsSentUntilOneIs() throws {
    let session = try session()
    #expect(Interpreter.run(line: "buy pro.monthly", in: session) == .succeeded)
    #expect(
      Interpreter.run(line: "expect notification DID_RENEW", in: session)
        == .expectationFailed(
          "no DID_RENEW notification was sent: nothing is sent until a notification URL is registered for the sandbox environment (`notify-url add URL`)"
        ))
    #expect(Interpreter.run(line: "notify-url add http://127.0.0.1:9/", in: session) == .succeeded)
    #expect(Interpreter.run(line: "advance-clock 1mo", in: session) == .succeeded)
    #expect(Interpreter.run(line: "expect notification DID_RENEW", in: session) == .succeeded)
    #expect(
      Interpreter.run(line: "expect notification REFUND", in: session).message?.contains("(sent: ") == true)
    #expect(Interpreter.run(line: "notify-url remove http://127.0.0.1:9/", in: session) == .succeeded)
    #expect(
      Interpreter.run(line: "expect notification REFUND", in: session).message?.hasSuffix(
        "; nothing more is sent until a notification URL is registered for the sandbox environment (`notify-url add URL`)"
      ) == true)
  }

  @Test func aPromotionalOfferPeriodReadsAsAnOffer() throws {
    let session = try session()
    #expect(Interpreter.run(line: "buy lite.monthly", in: session) == .succeeded)
    #expect(Interpreter.run(line: "expect subscription lite.monthly in-intro", in: session) == .succeeded)
    #expect(Interpreter.run(line: "expire lite.monthly", in: session) == .succeeded)
    #expect(Interpreter.run(line: "buy pro.monthly --offer pro.winback", in: session) == .succeeded)
    #expect(Interpreter.run(line: "expect subscription pro.monthly in-offer", in: session) == .succeeded)
    #expect(
      Interpreter.run(line: "expect subscription pro.monthly in-intro", in: session)
        == .expectationFailed("subscription Pro: status is in-offer, expected in-intro"))
    let transcript = Transcript()
    session.withOutput(.collecting(into: transcript)) {
      #expect(Interpreter.run(line: "status pro.monthly", in: session) == .succeeded)
    }
    #expect(transcript.lines.contains { $0.hasPrefix("status ") && $0.hasSuffix(" in-offer") })
    #expect(transcript.lines.contains { $0.hasPrefix("offer ") && $0.contains("promotional pro.winback: ") })
  }
}
