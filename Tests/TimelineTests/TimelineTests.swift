import Foundation
import Store
import Testing
import Timeline

@testable import Workbench

/// The timeline drawn from a world: its model, its text (width, glyphs) and its SVG (well-formed
/// XML, one bar per period, the dates on the axis, values escaped).
@Suite struct TimelineTests {
  private func timeline(_ lines: [String], query: TimelineQuery = TimelineQuery()) throws -> Timeline {
    try TimelineWorld(lines).timeline(query)
  }

  static let year = [
    "grace-period on 3d", "buy pro.monthly", "advance-clock 1mo", "billing-retry on", "advance-clock 1mo",
    "billing-retry off", "advance-clock 2d", "billing-fix", "advance-clock 2mo",
    "refund-request last --reason unintended-purchase", "refund decide grant last", "advance-clock 6mo",
  ]

  @Test func aYearHasEveryPhaseInOrder() throws {
    let timeline = try timeline(Self.year)
    let row = try #require(timeline.rows.first)
    #expect(timeline.rows.count == 1)
    let kinds = row.segments.map(\.kind)
    #expect(kinds.first == .trial)
    let grace = try #require(kinds.firstIndex(of: .grace))
    #expect(kinds[grace + 1] == .billingRetry)
    #expect(kinds[grace + 2] == .regular)
    #expect(kinds.last == .revoked)
    let graceSegment = row.segments[grace]
    #expect(graceSegment.end.timeIntervalSince(graceSegment.start) == 3 * 86_400)
    for (earlier, later) in zip(row.segments, row.segments.dropFirst()) {
      #expect(earlier.end <= later.start, "segments overlap: \(earlier) \(later)")
    }
    let markers = Set(row.markers.map(\.kind))
    #expect(markers.isSuperset(of: [.charge, .refund, .refundRequest, .autoRenew]))
  }

  @Test func textFitsTheWidthAndKeepsToASCII() throws {
    let timeline = try timeline(Self.year)
    for width in [40, 80, 123] {
      let lines = TextTimeline(timeline, width: width).lines
      for line in lines {
        let ascii = line.unicodeScalars.allSatisfy(\.isASCII)
        #expect(line.count <= width, "\(width): \(line)")
        #expect(ascii, "\(line)")
      }
      let status = try #require(lines.first { $0.hasPrefix("  status") })
      #expect(status.count == width)
    }
  }

  @Test func unicodeAndColourOnlyWhenAsked() throws {
    let lines = TextTimeline(
      try timeline(Self.year), width: 80, glyphs: TimelineGlyphs(usesUnicode: true, usesColor: true)
    )
    .lines
    let status = try #require(lines.first { $0.hasPrefix("  status") })
    #expect(status.contains("░") && status.contains("▄") && status.contains("\u{1B}[32m"))
  }

  @Test func svgIsWellFormedWithABarPerPeriodAndDatesOnTheAxis() throws {
    let timeline = try timeline(Self.year)
    let reader = try SVGReader(SVGTimeline(timeline).document)
    let periods = timeline.rows[0].segments.filter(\.kind.isPeriod)
    let bars = reader.elements.filter {
      $0.name == "rect" && ($0.attributes["class"] ?? "").contains("tl-period")
    }
    #expect(bars.count == periods.count)
    #expect(Set(bars.compactMap { $0.attributes["data-transaction-id"] }).count == periods.count)
    let ticks = reader.elements.compactMap { $0.name == "g" ? $0.attributes["data-date"] : nil }
    #expect(ticks.first == "2026-01-01")
    #expect(ticks.contains("2026-04-01"))
    #expect(ticks.allSatisfy { Timestamp.parse($0).map { $0 <= timeline.end } ?? false })
    #expect(reader.text.contains("default, catalog of com.example.storebench"))
  }

  @Test func svgEscapesNames() throws {
    let timeline = Timeline(
      title: "<img src=x onerror=alert(1)> & \"friends\"", start: Date(timeIntervalSince1970: 0),
      end: Date(timeIntervalSince1970: 86_400 * 30), now: Date(timeIntervalSince1970: 86_400 * 30),
      rows: [
        TimelineRow(
          account: "a<b", subject: .oneTimePurchases,
          markers: [
            TimelineMarker(time: Date(timeIntervalSince1970: 86_400), kind: .charge, detail: "<script>")
          ])
      ])
    let svg = SVGTimeline(timeline).document
    #expect(!svg.contains("<img") && !svg.contains("<script>") && !svg.contains("a<b"))
    let reader = try SVGReader(svg)
    #expect(reader.text.contains("<img src=x onerror=alert(1)> & \"friends\""))
  }

  @Test func subjectsNarrowTheRows() throws {
    let lines = ["buy lite.monthly", "buy coins.100", "advance-clock 1mo"]
    #expect(try timeline(lines, query: TimelineQuery(subject: .group("Pro"))).rows.count == 1)
    let coins = try timeline(lines, query: TimelineQuery(subject: .product("coins.100")))
    #expect(coins.rows.count == 1 && coins.rows[0].subject == .oneTimePurchases)
    #expect(try timeline(lines).rows.count == 2)
    #expect(
      try timeline(lines, query: TimelineQuery(subject: .transaction(2_000_000_000_000_001))).rows.count == 1)
  }

  @Test func askToBuyAndAPriceConsentAreMarked() throws {
    let timeline = try timeline([
      "buy pro.monthly", "ask-to-buy on", "buy level.pack", "decline #2", "ask-to-buy off",
      "price-increase pro.monthly 5.99 --consent-required", "consent accept pro.monthly",
    ])
    let subscription = try #require(timeline.rows.first { $0.subject == .subscription(group: "Pro") })
    #expect(Set(subscription.markers.map(\.kind)).isSuperset(of: [.priceIncrease, .priceConsent]))
    let oneTime = try #require(timeline.rows.first { $0.subject == .oneTimePurchases })
    #expect(oneTime.markers.filter { $0.kind == .askToBuy }.count == 2)
  }

  @Test func anEmptyWorldSaysSo() throws {
    let lines = TextTimeline(try timeline([]), width: 80).lines
    #expect(lines.last == "no purchases to draw")
  }
}
