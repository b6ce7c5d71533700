import Foundation
import Store
import Testing

@testable import Timeline

/// The timeline tells the truth: a purchase made now is drawn, the future is drawn as scheduled
/// (never as expired), changes of plan are named as Apple names them, every billing episode is
/// drawn with the recovery's true date, plan names are never cut to nonsense and the axis's dates
/// stay whole inside the picture. Each case checks the marks: the model's segments and markers,
/// the text's columns, and the SVG's elements with their classes and attributes.
@Suite struct TimelineTruthTests {
  private static func date(_ text: String) -> Date { TimelineWorld.date(text) }

  /// The line of a text timeline that starts with a name (`  status`, `  events`), without it.
  private static func line(_ name: String, in lines: [String]) throws -> String {
    let line = try #require(
      lines.first { $0.hasPrefix(name.padding(toLength: 10, withPad: " ", startingAt: 0)) })
    return String(line.dropFirst(10))
  }

  /// The character at a column of a line (a space past its end).
  private static func character(_ column: Int, of line: String) -> Character {
    column < line.count ? Array(line)[column] : " "
  }

  // MARK: A purchase at the current instant

  @Test func aSubscriptionBoughtNowShowsItsWholeFirstPeriod() throws {
    let world = try TimelineWorld(["buy pro.monthly"])
    let timeline = world.timeline()
    #expect(timeline.now == Self.date("2026-01-01"))
    #expect(timeline.start == Self.date("2026-01-01") && timeline.end == Self.date("2026-01-08"))
    let row = try #require(timeline.rows.first)
    #expect(
      row.segments == [
        TimelineSegment(
          kind: .trial, start: Self.date("2026-01-01"), end: Self.date("2026-01-08"),
          productId: "pro.monthly",
          transactionNumber: 2_000_000_000_000_001)
      ])
    #expect(row.markers.contains { $0.kind == .offer || $0.kind == .charge } == false)

    let lines = TextTimeline(timeline, width: 40).lines
    #expect(try Self.line("  status", in: lines) == String(repeating: "T", count: 30))
    #expect(try Self.line("  plan", in: lines) == "pro.monthly")
    let ticks = try #require(lines.first { $0.hasPrefix("          |") })
    #expect(ticks.count == 40, "the axis marks the clock at the picture's start: \(ticks)")
    #expect(lines.contains { $0.contains("T trial") && $0.contains("| now") })

    let svg = try SVGReader(SVGTimeline(timeline).element)
    let bar = try #require(svg.elements("rect", classes: ["tl-bar", "tl-period", "tl-trial"]).first)
    #expect(bar.attributes["data-transaction-id"] == "2000000000000001")
    #expect(bar.attributes["data-scheduled"] == nil)
    #expect(bar.number("x") == 20 && bar.number("width") == 960)
    let now = try #require(svg.elements("line", classes: ["tl-now"]).first)
    #expect(now.number("x1") == 20)
  }

  @Test func aOneTimePurchaseMadeNowIsMarkedAtTheClock() throws {
    let world = try TimelineWorld(["advance-clock 3d", "buy coins.100"])
    let timeline = world.timeline()
    #expect(timeline.end == world.now && timeline.start == world.now.addingTimeInterval(-86_400))
    let row = try #require(timeline.rows.first)
    #expect(row.markers.map(\.kind) == [.charge] && row.markers[0].time == world.now)
    let events = try Self.line("  events", in: TextTimeline(timeline, width: 40).lines)
    #expect(events == String(repeating: " ", count: 29) + "$")
    let svg = try SVGReader(SVGTimeline(timeline).element)
    let charge = try #require(svg.elements("text", classes: ["tl-marker", "tl-charge"]).first)
    #expect(charge.number("x") == 980 && charge.text == "$")
  }

  // MARK: The scheduled future

  @Test func renewalsAfterTheClockAreScheduledNotExpired() throws {
    let world = try TimelineWorld(["buy pro.monthly", "advance-clock 10d"])
    let timeline = world.timeline(TimelineQuery(to: Self.date("2026-04-11")))
    let row = try #require(timeline.rows.first)
    #expect(!row.segments.contains { $0.kind == .expired })
    let looks = row.segments.map { "\($0.kind.rawValue)\($0.isScheduled ? " scheduled" : "")" }
    #expect(looks == ["trial", "regular", "regular scheduled", "regular scheduled", "regular scheduled"])
    let scheduled = row.segments.filter(\.isScheduled)
    #expect(scheduled.map(\.start) == ["2026-02-08", "2026-03-08", "2026-04-08"].map(Self.date))
    #expect(scheduled.allSatisfy { $0.transactionNumber == nil && $0.productId == "pro.monthly" })
    #expect(row.segments.filter { !$0.isScheduled }.allSatisfy { $0.transactionNumber != nil })

    // 100 days on 100 columns: a day a column.
    let lines = TextTimeline(timeline, width: 110).lines
    let status = try Self.line("  status", in: lines)
    #expect(
      status == String(repeating: "T", count: 7) + String(repeating: "=", count: 31)
        + String(repeating: "-", count: 62))
    let ticks = try #require(lines.first { $0.hasPrefix("          +") })
    #expect(Self.character(10 + 10, of: ticks) == "|", "the clock on 2026-01-11: \(ticks)")
    #expect(lines.contains { $0.contains("- scheduled renewal") } && lines.contains { $0.contains("| now") })
    let colours = TextTimeline(
      timeline, width: 110, glyphs: TimelineGlyphs(usesUnicode: true, usesColor: true))
    let painted = try Self.line("  status", in: colours.lines)
    #expect(
      painted.contains("█")
        && painted.contains("\u{1B}[2;32m" + String(repeating: "-", count: 62) + "\u{1B}[0m"))

    let svg = try SVGReader(SVGTimeline(timeline).element)
    let future = svg.elements("rect", classes: ["tl-bar", "tl-scheduled"]).filter {
      !$0.classes.contains("tl-legend-swatch")
    }
    #expect(future.count == 3)
    #expect(
      future.allSatisfy {
        $0.attributes["data-scheduled"] == "true" && $0.attributes["data-kind"] == "regular"
      })
    #expect(
      future.allSatisfy {
        $0.attributes["data-transaction-id"] == nil && $0.title.hasPrefix("scheduled renewal:")
      })
    #expect(
      svg.elements("rect", classes: ["tl-period"]).filter { $0.attributes["data-transaction-id"] != nil }
        .count == 2)
    #expect(svg.elements("rect", classes: ["tl-legend-swatch", "tl-regular", "tl-scheduled"]).count == 1)
    #expect(svg.elements("rect", classes: ["tl-expired"]).isEmpty)
  }

  @Test func autoRenewOffSchedulesAnExpiry() throws {
    let world = try TimelineWorld(["buy pro.monthly", "advance-clock 10d", "auto-renew off pro.monthly"])
    let timeline = world.timeline(TimelineQuery(to: Self.date("2026-04-11")))
    let row = try #require(timeline.rows.first)
    let last = try #require(row.segments.last)
    #expect(last.kind == .expired && last.isScheduled && last.start == Self.date("2026-02-08"))
    #expect(last.note == "expires: auto-renew is off")
    #expect(row.segments.filter(\.isScheduled).count == 1)
    let lines = TextTimeline(timeline, width: 110).lines
    #expect(try Self.line("  status", in: lines).hasSuffix("=" + String(repeating: ",", count: 62)))
    #expect(lines.contains { $0.contains(", scheduled expiry") })
    let svg = try SVGReader(SVGTimeline(timeline).element)
    let expiry = try #require(svg.elements("rect", classes: ["tl-gap", "tl-expired", "tl-scheduled"]).first)
    #expect(expiry.attributes["data-scheduled"] == "true" && expiry.title.contains("auto-renew is off"))
  }

  @Test func aPendingDowngradeIsAScheduledPlan() throws {
    let world = try TimelineWorld(["buy pro.monthly", "advance-clock 10d", "buy lite.monthly"])
    let timeline = world.timeline(TimelineQuery(to: Self.date("2026-04-11")))
    let row = try #require(timeline.rows.first)
    #expect(
      row.plans == [
        TimelinePlan(time: Self.date("2026-01-01"), productId: "pro.monthly"),
        TimelinePlan(time: Self.date("2026-02-08"), productId: "lite.monthly", isScheduled: true),
      ])
    #expect(
      row.segments.filter(\.isScheduled).allSatisfy { $0.productId == "lite.monthly" && $0.kind == .regular })
    let change = try #require(row.markers.first { $0.kind == .downgrade })
    #expect(change.time == Self.date("2026-01-11"))
    #expect(
      change.detail
        == "downgrade from pro.monthly (level 1, 1 month) to lite.monthly (level 2, 1 month), at the next renewal 2026-02-08T00:00:00Z (scheduled)"
    )
    let lines = TextTimeline(timeline, width: 110).lines
    #expect(
      try Self.line("  plan", in: lines).hasPrefix(
        "pro.monthly" + String(repeating: " ", count: 27) + "lite.monthly"))
    #expect(Self.character(10, of: try Self.line("  events", in: lines)) == "v")
    let svg = try SVGReader(SVGTimeline(timeline).element)
    let plan = try #require(svg.elements("text", classes: ["tl-plan", "tl-scheduled"]).first)
    #expect(
      plan.attributes["data-product-id"] == "lite.monthly" && plan.attributes["data-scheduled"] == "true")
    #expect(plan.text == "lite.monthly" && plan.title == "scheduled from 2026-02-08T00:00:00Z: lite.monthly")
  }

  @Test func billingRetryRunningGoesOnAsScheduled() throws {
    let world = try TimelineWorld([
      "grace-period on 3d", "billing-retry on", "buy pro.monthly", "advance-clock 8d",
    ])
    let timeline = world.timeline(TimelineQuery(to: Self.date("2026-04-09")))
    let row = try #require(timeline.rows.first)
    let drawn = row.segments.map { ($0.kind, $0.isScheduled, $0.start, $0.end) }
    let expected: [(TimelineSegment.Kind, Bool, String, String)] = [
      (.trial, false, "2026-01-01", "2026-01-08"), (.grace, false, "2026-01-08", "2026-01-09"),
      (.grace, true, "2026-01-09", "2026-01-11"), (.billingRetry, true, "2026-01-11", "2026-03-09"),
      (.expired, true, "2026-03-09", "2026-04-09"),
    ]
    #expect(drawn.count == expected.count)
    for (got, want) in zip(drawn, expected) {
      #expect(got.0 == want.0 && got.1 == want.1 && got.2 == Self.date(want.2) && got.3 == Self.date(want.3))
    }
    // 98 days on 98 columns.
    let status = try Self.line("  status", in: TextTimeline(timeline, width: 108).lines)
    #expect(
      status
        == String(repeating: "T", count: 7) + "g" + "::" + String(repeating: "_", count: 57)
        + String(repeating: ",", count: 31))
  }

  @Test func theBillingRetrySwitchSchedulesAFailedRenewal() throws {
    let world = try TimelineWorld(["buy pro.monthly", "advance-clock 10d", "billing-retry on"])
    let row = try #require(world.timeline(TimelineQuery(to: Self.date("2026-03-01"))).rows.first)
    let scheduled = row.segments.filter(\.isScheduled)
    #expect(scheduled.map(\.kind) == [.billingRetry] && scheduled[0].start == Self.date("2026-02-08"))
  }

  // MARK: Changes of plan

  @Test func aSameLevelChangeToAnotherDurationIsACrossgradeAtTheNextRenewal() throws {
    let world = try TimelineWorld([
      "buy pro.monthly", "advance-clock 10d", "buy pro.yearly", "advance-clock 1mo",
    ])
    let timeline = world.timeline(TimelineQuery(to: Self.date("2026-04-11")))
    let row = try #require(timeline.rows.first)
    let changes = row.markers.filter { [.upgrade, .downgrade, .crossgrade, .planChange].contains($0.kind) }
    #expect(changes.map(\.kind) == [.crossgrade])
    #expect(changes.first?.time == Self.date("2026-01-11"))
    #expect(
      changes.first?.detail
        == "crossgrade from pro.monthly (level 1, 1 month) to pro.yearly (level 1, 1 year), at the next renewal 2026-02-08T00:00:00Z"
    )
    #expect(row.plans.map(\.productId) == ["pro.monthly", "pro.yearly"])
    #expect(row.plans.last?.time == Self.date("2026-02-08") && row.plans.last?.isScheduled == false)

    let lines = TextTimeline(timeline, width: 110).lines
    #expect(Self.character(10, of: try Self.line("  events", in: lines)) == ">")
    #expect(lines.contains { $0.contains("> crossgrade") } && !lines.contains { $0.contains("downgrade") })
    let svg = try SVGReader(SVGTimeline(timeline).element)
    let mark = try #require(svg.elements("text", classes: ["tl-marker", "tl-crossgrade"]).first)
    #expect(mark.attributes["data-kind"] == "crossgrade" && mark.text == ">")
    #expect(mark.title.hasPrefix("2026-01-11T00:00:00Z crossgrade from pro.monthly"))
    #expect(svg.elements("text", classes: ["tl-downgrade"]).isEmpty)
  }

  @Test func changesOfPlanAreNamedFromTheProductsLevelsAndDurations() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "timeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("levels.json")
    try Data(Self.levelsCatalog.utf8).write(to: catalog)
    let world = try TimelineWorld([
      "catalog load \(catalog.path)", "buy gold.monthly", "advance-clock 10d", "buy platinum.monthly",
      "advance-clock 5d", "buy silver.monthly", "advance-clock 1mo", "buy gold.monthly", "advance-clock 1d",
    ])
    let row = try #require(world.timeline().rows.first)
    let changes = row.markers.filter { [.upgrade, .downgrade, .crossgrade, .planChange].contains($0.kind) }
    #expect(changes.map(\.kind) == [.crossgrade, .downgrade, .upgrade])
    #expect(changes.map(\.time) == ["2026-01-11", "2026-01-16", "2026-02-16"].map(Self.date))
    #expect(changes[0].detail.hasSuffix("to platinum.monthly (level 1, 1 month), at once"))
    #expect(
      changes[1].detail.hasSuffix(
        "to silver.monthly (level 2, 1 month), at the next renewal 2026-02-11T00:00:00Z"))
    #expect(changes[2].detail.hasPrefix("upgrade from silver.monthly (level 2, 1 month) to gold.monthly"))
    let periods = row.segments.filter(\.kind.isPeriod)
    #expect(
      periods.map(\.productId) == ["gold.monthly", "platinum.monthly", "silver.monthly", "gold.monthly"])
    #expect(periods[1].start == Self.date("2026-01-11") && periods[0].end == Self.date("2026-01-11"))
    #expect(!row.segments.contains { $0.kind == .revoked })
  }

  @Test func aPendingChangeCancelledIsMarkedSo() throws {
    let world = try TimelineWorld([
      "buy pro.monthly", "advance-clock 10d", "buy lite.monthly", "buy pro.monthly",
    ])
    let timeline = world.timeline(TimelineQuery(to: Self.date("2026-03-01")))
    let row = try #require(timeline.rows.first)
    let cancelled = try #require(row.markers.first { $0.kind == .planChangeCancelled })
    #expect(cancelled.detail == "pending change of plan cancelled: pro.monthly renews")
    #expect(!row.markers.contains { $0.kind == .downgrade })
    #expect(row.plans.map(\.productId) == ["pro.monthly"])
    #expect(TextTimeline(timeline, width: 80).lines.contains { $0.contains("< plan change cancelled") })
  }

  private static let levelsCatalog = """
    {
      "bundleId": "com.example.levels", "appVersion": "1.0", "storefront": "USA",
      "products": [
        { "id": "gold.monthly", "type": "auto-renewable", "referenceName": "Gold", "price": "4.99",
          "localizations": { "en_US": { "title": "Gold", "description": "Gold, monthly." } },
          "subscription": { "group": "Tiers", "level": 1, "period": "P1M" } },
        { "id": "platinum.monthly", "type": "auto-renewable", "referenceName": "Platinum", "price": "5.99",
          "localizations": { "en_US": { "title": "Platinum", "description": "Platinum, monthly." } },
          "subscription": { "group": "Tiers", "level": 1, "period": "P1M" } },
        { "id": "silver.monthly", "type": "auto-renewable", "referenceName": "Silver", "price": "1.99",
          "localizations": { "en_US": { "title": "Silver", "description": "Silver, monthly." } },
          "subscription": { "group": "Tiers", "level": 2, "period": "P1M" } }
      ]
    }
    """

  // MARK: Billing trouble

  @Test func billingFixedInsideTheGracePeriodIsDrawnWithTheRecoverysDate() throws {
    let world = try TimelineWorld([
      "grace-period on 16d", "billing-retry on", "buy pro.monthly", "advance-clock 10d", "billing-retry off",
      "billing-fix", "advance-clock 1mo",
    ])
    let timeline = world.timeline()
    #expect(timeline.start == Self.date("2026-01-01") && timeline.end == Self.date("2026-03-08"))
    let row = try #require(timeline.rows.first)
    let drawn = row.segments.map { ($0.kind, $0.start, $0.end, $0.transactionNumber) }
    let expected: [(TimelineSegment.Kind, String, String, UInt64?)] = [
      (.trial, "2026-01-01", "2026-01-08", 2_000_000_000_000_001), (.grace, "2026-01-08", "2026-01-11", nil),
      (.regular, "2026-01-11", "2026-02-08", 2_000_000_000_000_002),
      (.regular, "2026-02-08", "2026-03-08", 2_000_000_000_000_003),
    ]
    #expect(drawn.count == expected.count)
    for (got, want) in zip(drawn, expected) {
      #expect(got.0 == want.0 && got.1 == Self.date(want.1) && got.2 == Self.date(want.2) && got.3 == want.3)
    }
    #expect(row.segments[2].note?.contains("the renewal date stays 2026-01-08T00:00:00Z") == true)
    let recovered = try #require(
      row.markers.first { $0.kind == .charge && $0.transactionNumber == 2_000_000_000_000_002 })
    #expect(recovered.time == Self.date("2026-01-11"))
    #expect(recovered.detail.hasSuffix("on billing recovery, renewal date 2026-01-08T00:00:00Z"))

    // 66 days on 66 columns.
    let lines = TextTimeline(timeline, width: 76).lines
    #expect(
      try Self.line("  status", in: lines)
        == String(repeating: "T", count: 7) + "ggg" + String(repeating: "=", count: 56))
    let events = try Self.line("  events", in: lines)
    #expect(Self.character(7, of: events) == " " && Self.character(10, of: events) == "$")
    #expect(Self.character(38, of: events) == "$")

    let svg = try SVGReader(SVGTimeline(timeline).element)
    let grace = try #require(svg.elements("rect", classes: ["tl-gap", "tl-grace"]).first)
    #expect(abs((grace.number("x") ?? 0) - (20 + 960 * 7 / 66)) < 0.01)
    #expect(abs((grace.number("width") ?? 0) - 960 * 3 / 66) < 0.01)
    #expect(grace.attributes["data-scheduled"] == nil)
    let charge = try #require(
      svg.elements("text", classes: ["tl-charge"]).first {
        $0.attributes["data-transaction-id"] == "2000000000000002"
      })
    #expect(charge.title.hasPrefix("2026-01-11T00:00:00Z renewed"))
  }

  // MARK: Labels

  @Test func planNamesTakeMoreLinesRatherThanBeingCut() {
    let layout = PlanLabels(
      [(0, "pro.monthly"), (3, "pro.yearly"), (6, "lite.monthly")], width: 30, ellipsis: "...")
    #expect(
      layout.labels == [
        .init(plan: 0, line: 0, column: 0, text: "pro.monthly", isMoved: false),
        .init(plan: 1, line: 1, column: 3, text: "pro.yearly", isMoved: false),
        .init(plan: 2, line: 2, column: 6, text: "lite.monthly", isMoved: false),
      ])
    // Near the right edge: shortened with an ellipsis where enough of it is left, else moved left.
    let edge = PlanLabels(
      [(0, "pro.monthly"), (20, "com.example.pro.yearly"), (28, "lite.monthly")], width: 30, ellipsis: "…")
    #expect(edge.labels.map(\.text) == ["pro.monthly", "com.examp…", "lite.monthly"])
    #expect(edge.labels[2].line == 1 && edge.labels[2].column == 18 && edge.labels[2].isMoved)
    #expect(PlanLabels.fitted("pro.yearly", room: 7, ellipsis: "...") == "pro...")
    #expect(PlanLabels.fitted("pro.yearly", room: 5, ellipsis: "...") == nil)
  }

  @Test func everyPlanNameIsWholeOrEndsWithAnEllipsis() throws {
    let world = try TimelineWorld([
      "buy lite.monthly", "advance-clock 2mo", "buy pro.monthly", "advance-clock 1mo", "buy lite.monthly",
      "advance-clock 2mo", "buy pro.monthly", "advance-clock 3d", "buy pro.yearly",
    ])
    let timeline = world.timeline()
    let products = ["lite.monthly", "pro.monthly", "pro.yearly"]
    for width in [40, 60, 80] {
      let lines = TextTimeline(timeline, width: width).lines
      let start = try #require(lines.firstIndex { $0.hasPrefix("  plan") })
      let end = try #require(lines.firstIndex { $0.hasPrefix("  status") })
      #expect(end - start >= 1)
      for line in lines[start..<end] {
        for word in line.dropFirst(10).split(separator: " ") {
          let whole = products.contains(String(word))
          let shortened = word.hasSuffix("...") && products.contains { $0.hasPrefix(word.dropLast(3)) }
          #expect(whole || shortened, "width \(width): \(word) in \(line)")
        }
      }
    }
    let svg = try SVGReader(SVGTimeline(timeline, width: 400).element)
    let plans = svg.elements("text", classes: ["tl-plan"])
    #expect(plans.count == timeline.rows[0].plans.count)
    for plan in plans {
      let name = try #require(plan.attributes["data-product-id"])
      #expect(
        plan.text == name || (plan.text.hasSuffix("…") && name.hasPrefix(plan.text.dropLast())),
        "\(plan.text)")
    }
    // Names on one line never overlap.
    let byLine = Dictionary(grouping: plans) { $0.number("y") ?? 0 }
    for (_, line) in byLine {
      let spans = line.map {
        ($0.number("x") ?? 0, ($0.number("x") ?? 0) + Double($0.text.count) * SVGTimeline.characterWidth)
      }
      .sorted { $0.0 < $1.0 }
      for (left, right) in zip(spans, spans.dropFirst()) { #expect(left.1 <= right.0) }
      #expect(spans.allSatisfy { $0.1 <= 400 })
    }
  }

  @Test func tickLabelsAreWholeDatesInsideThePicture() throws {
    let year = try TimelineWorld(["buy pro.monthly", "advance-clock 1y"]).timeline()
    let day = try TimelineWorld(["buy coins.100", "advance-clock 20h"]).timeline()
    let decade = try TimelineWorld(["buy pro.yearly", "advance-clock 9y"]).timeline()
    let date = try Regex(#"^(\d{4}-\d{2}-\d{2}|\d{2}-\d{2} \d{2}:\d{2})$"#)
    for timeline in [year, day, decade] {
      for width in [400.0, 640, 1000] {
        let svg = try SVGReader(SVGTimeline(timeline, width: width).element)
        // The ticks' dates are the texts on the axis's line of labels.
        let labels = svg.elements("text").filter { $0.attributes["y"] == "62" }
        #expect(labels.count >= 2, "\(width): \(labels.map(\.text))")
        var right = 0.0
        for label in labels {
          #expect(label.text.wholeMatch(of: date) != nil, "\(label.text)")
          let half = Double(label.text.count) * SVGTimeline.characterWidth / 2
          let x = try #require(label.number("x"))
          #expect(x - half >= 0 && x + half <= width, "\(width): \(label.text) at \(x)")
          #expect(x - half >= right, "\(width): \(label.text) overlaps the label before")
          right = x + half
        }
      }
    }
  }
}
