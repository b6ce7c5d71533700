import ArgumentParser
import Foundation
import Store
import Timeline

/// `timeline [PRODUCT|GROUP|TXN] [--account NAME] [--from DATE] [--to DATE] [--width N] [--svg FILE]
/// [--ascii]`: the customers' subscriptions and purchases drawn over virtual time.
struct TimelineCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract:
      "Draw the purchases over virtual time: periods as bars, charges, refunds and notifications as marks.",
    discussion: """
      One row per subscription of each account (its group; a change of plan starts a new label \
      where it takes effect) and one for an account's one-time purchases. Bars: trial, intro \
      offer, offer, paid, grace period, billing retry (every episode, one fixed inside the grace \
      period included), expired, revoked; past the world's clock, what the store has scheduled \
      (renewals, a pending change of plan, the rest of a grace period or of billing retry, an \
      expiry) in lighter marks. Marks: charges (when they were made), refunds, refund requests, \
      price increases and consent, Ask to Buy, offers redeemed, upgrades, downgrades and \
      crossgrades (named from the products' levels and durations, as Apple names them), a pending \
      change cancelled, auto-renew changes, where each 12-month commitment billed monthly begins \
      ([) and ends (]), and each notification attempt (delivered or failed). A \
      legend follows. SUBJECT narrows it to a product's subscription (or one-time purchases), a \
      subscription group, or the subscription a transaction belongs to. It spans the first \
      purchase to now (or to the end of a current period that runs past now) unless --from and \
      --to say otherwise. It fits the terminal's width (80 columns when output is not a terminal, \
      or --width N); bars are Unicode blocks in colour on a UTF-8 terminal, plain ASCII elsewhere \
      or with --ascii, and colourless with NO_COLOR. --svg FILE writes the same picture as a \
      standalone SVG (dates on an axis, a title naming the customers and the catalog) instead of \
      printing it.
      """)

  @Argument(
    help: "A product, subscription group or transaction id (everything when left out).",
    completion: .session(.products, .transactions))
  var subject: String?

  @Option(help: "Only this account's purchases.", completion: .session(.accounts))
  var account: String?

  @Option(help: "The first instant drawn (a date such as 2026-01-01).")
  var from: String?

  @Option(help: "The last instant drawn (now, or a current period's end, when left out).")
  var to: String?

  @Option(help: "The width in columns (at least 40).")
  var width: Int?

  @Option(help: "Write the picture as SVG to this file instead of printing it.", completion: .session(.files))
  var svg: String?

  @Flag(help: "Plain ASCII without colour, whatever the terminal can show.")
  var ascii = false

  func validate() throws {
    if let width, width < TextTimeline.minimumWidth {
      throw ValidationError("--width must be at least \(TextTimeline.minimumWidth)")
    }
  }

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let query = try self.query(in: session)
    let timeline = TimelineBuilder(world: session.world).timeline(for: query)
    if let svg {
      try session.write(Array(SVGTimeline(timeline).document.utf8), to: svg)
      let bars = timeline.rows.reduce(0) { $0 + $1.segments.count }
      let marks = timeline.rows.reduce(0) { $0 + $1.markers.count }
      session.print(
        "timeline written to \(session.shown(svg)): \(timeline.rows.count) row\(timeline.rows.count == 1 ? "" : "s"), \(bars) bar\(bars == 1 ? "" : "s"), \(marks) mark\(marks == 1 ? "" : "s")"
      )
      return
    }
    let style = session.output.style()
    let glyphs =
      ascii
      ? TimelineGlyphs.plain : TimelineGlyphs(usesUnicode: style.usesUnicode, usesColor: style.usesColor)
    let columns = width ?? style.columns ?? 80
    session.print(lines: TextTimeline(timeline, width: columns, glyphs: glyphs).lines)
  }

  private func query(in session: Session) throws(WorkbenchError) -> TimelineQuery {
    var query = TimelineQuery(
      subject: try subject.map { text throws(WorkbenchError) in try resolve(text, in: session) }
        ?? .everything)
    if let account {
      guard session.world.store.account(named: account) != nil else {
        throw WorkbenchError(.notFound, "no account named \(account)")
      }
      query.account = account
    }
    query.from = try from.map { text throws(WorkbenchError) in try date(text, option: "--from") }
    query.to = try to.map { text throws(WorkbenchError) in try date(text, option: "--to") }
    if let from = query.from, let to = query.to, from >= to {
      throw WorkbenchError(.invalidValue, "--from must come before --to")
    }
    return query
  }

  private func date(_ text: String, option: String) throws(WorkbenchError) -> Date {
    guard let date = Timestamp.parsePrecise(text) else {
      throw WorkbenchError(
        .invalidValue, "\(option) \"\(text)\" is not a date such as 2026-03-01 or 2026-03-01T12:00:00Z")
    }
    return date
  }

  /// What a subject names: a product, a subscription group, or a transaction.
  private func resolve(_ text: String, in session: Session) throws(WorkbenchError) -> TimelineQuery.Subject {
    let catalog = session.world.store.catalog
    if catalog.product(text) != nil { return .product(text) }
    if !catalog.products(inGroup: text).isEmpty { return .group(text) }
    if let number = UInt64(text), session.world.store.account(holdingTransaction: number) != nil {
      return .transaction(number)
    }
    if text == "last" || text.hasPrefix("#") { return .transaction(try session.transactionNumber(text)) }
    throw WorkbenchError(
      .notFound,
      "\(text) is not a product, a subscription group or a transaction (see products, subscriptions, history)"
    )
  }
}
