import ArgumentParser
import Simulation

/// `cancel-flow PRODUCT [--locale L]` and `cancel-flow accept|cancel|close`: the customer's
/// cancellation page with the app's retention message (the Retention Messaging API).
struct CancelFlowCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel-flow",
    abstract: "Open a subscription's cancellation page as the customer does; then accept, cancel or close.",
    discussion: """
      Opening asks the realtime URL of the world's environment (`retention`, Configure Realtime URL) \
      with a signed request and waits 700 ms: an approved message, an alternate product of the group \
      or a promotional offer whose signature holds is shown; anything late, wrong or unsigned falls \
      back to the product's default message for the locale, else the App Store's own page. Then \
      `cancel-flow accept` takes the offer or product, `cancel` turns auto-renew off, `close` leaves.
      """)

  @Argument(
    help: "An auto-renewable product of the group, or accept, cancel or close.",
    completion: .session(.words(Self.answers), .autoRenewables))
  var target: String

  @Option(help: "The customer's locale, such as en-US (default: the account's).")
  var locale: String?

  private static let answers = World.CancellationAnswer.allCases.map(\.rawValue)

  func validate() throws {
    try requireNonEmpty(target, "the product id")
    if let locale { try requireNonEmpty(locale, "the locale") }
  }

  func execute(in session: Session) throws {
    let world = session.world
    if let answer = World.CancellationAnswer(rawValue: target) {
      guard locale == nil else {
        throw WorkbenchError(.invalidValue, "--locale goes with a product, not \(target)")
      }
      let flow = world.retention.openFlow
      let record = try world.answerCancellationFlow(answer, account: session.account)
      session.print(Self.answered(answer, flow: flow, transaction: record?.transactionId))
      return
    }
    let flow = try world.openCancellationFlow(productId: target, locale: locale, account: session.account)
    session.print(lines: Self.lines(for: flow, url: world.retention.realtimeURLs[world.environment]))
  }

  /// What the customer sees, and how it was decided.
  static func lines(for flow: CancellationFlow, url: String?) -> [String] {
    var lines = ["cancel-flow \(flow.productId) (\(flow.locale))"]
    if let url, let request = flow.requestIdentifier { lines.append("  asked \(url), request \(request)") }
    lines += flow.shownLines.map { "  " + $0 }
    lines.append(
      flow.choice == .none
        ? "  next: cancel-flow cancel | close" : "  next: cancel-flow accept | cancel | close")
    return lines
  }

  private static func answered(
    _ answer: World.CancellationAnswer, flow: CancellationFlow?, transaction: String?
  ) -> String {
    let product = flow?.productId ?? "the subscription"
    switch answer {
    case .close: return "cancel-flow closed: \(product) renews as before"
    case .cancel: return "cancel-flow cancelled: \(product) auto-renew off"
    case .accept:
      let taken: String
      switch flow?.choice {
      case .alternateProduct(let productId)?: taken = "switched to \(productId)"
      case .promotionalOffer(let productId, let offerId)?: taken = "offer \(offerId) of \(productId)"
      default: taken = "accepted"
      }
      return "cancel-flow accepted: \(taken)"
        + (transaction.map { ", transaction \($0)" } ?? ", from the next renewal")
    }
  }
}
