import Foundation
import Store

/// A ``Timeline`` as a standalone SVG picture: the title, a date axis with a dashed line at the
/// world's clock, per row its plans' names, its bars (one `rect` per period or gap, carrying
/// `data-kind` and the period's `data-transaction-id`; what is scheduled carries `data-scheduled`
/// and is drawn pale with a dashed edge) and its markers, then a legend. Every value is escaped;
/// every element has a `title` for a tooltip.
public struct SVGTimeline {
  private let timeline: Timeline
  private let width: Double
  private let glyphs = TimelineGlyphs.plain

  private static let margin = 20.0
  private static let rowHeight = 100.0
  private static let planLineHeight = 13.0
  private static let top = 92.0
  private static let legendLineHeight = 20.0
  /// The advance of one character of the axis's and plans' 11 px monospace text, a little over
  /// the 0.6 em of common monospace fonts, so that labels placed by it never overlap.
  static let characterWidth = 6.8

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - timeline: What to draw.
  ///   - width: The picture's width in pixels.
  public init(_ timeline: Timeline, width: Double = 1000) {
    self.timeline = timeline
    self.width = max(width, 400)
  }

  /// A file's contents: the XML declaration, then the picture.
  public var document: String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element + "\n"
  }

  /// The `svg` element alone, for a page to embed.
  public var element: String {
    var rows: [String] = []
    var rowTop = Self.top
    for row in timeline.rows {
      let (part, height) = self.row(row, top: rowTop)
      rows.append(part)
      rowTop += height
    }
    let (legend, legendHeight) = self.legend(top: rowTop + 10)
    let height = rowTop + 10 + legendHeight + 20
    var parts: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tl\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"tl-title\">",
      "<title id=\"tl-title\">\(escaped("storebench timeline: \(timeline.title)"))</title>",
      "<style>\(Self.style)</style>",
      "<rect class=\"tl-background\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"/>",
      "<text class=\"tl-heading\" x=\"\(n(Self.margin))\" y=\"24\">\(escaped(timeline.title))</text>",
      "<text class=\"tl-range\" x=\"\(n(Self.margin))\" y=\"42\">\(escaped("\(Timestamp.iso8601(timeline.start)) to \(Timestamp.iso8601(timeline.end))"))</text>",
    ]
    parts.append(axis(bottom: rowTop))
    parts += rows
    if timeline.rows.isEmpty {
      parts.append(
        "<text class=\"tl-empty\" x=\"\(n(Self.margin))\" y=\"\(n(Self.top + 20))\">no purchases to draw</text>"
      )
    }
    parts.append(legend)
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  // MARK: Geometry

  private var chartWidth: Double { width - 2 * Self.margin }

  private func x(_ date: Date) -> Double { Self.margin + timeline.position(of: date) * chartWidth }

  /// A number as SVG writes it: at most two decimals, no trailing zeros.
  private func n(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  // MARK: Parts

  /// The axis: each tick's date centred on it, moved inward where it would pass the picture's
  /// edge and left out where it would overlap the one before; the clock's dashed line down to
  /// `bottom`.
  private func axis(bottom: Double) -> String {
    let axis = TimelineAxis(start: timeline.start, end: timeline.end, maximumTicks: Int(chartWidth / 90))
    var parts = [
      "<g class=\"tl-axis\">",
      "<line class=\"tl-axis-line\" x1=\"\(n(Self.margin))\" y1=\"72\" x2=\"\(n(width - Self.margin))\" y2=\"72\"/>",
    ]
    var free = 0.0
    for tick in axis.ticks {
      let label = axis.label(tick)
      let half = Double(label.count) * Self.characterWidth / 2
      let center = min(max(x(tick), half + 2), width - half - 2)
      let text =
        center - half >= free ? "<text x=\"\(n(center))\" y=\"62\">\(escaped(label))</text>" : ""
      if !text.isEmpty { free = center + half + Self.characterWidth }
      parts.append(
        "<g class=\"tl-tick\" data-date=\"\(escaped(label))\"><line x1=\"\(n(x(tick)))\" y1=\"68\" x2=\"\(n(x(tick)))\" y2=\"76\"/>\(text)</g>"
      )
    }
    if timeline.now >= timeline.start && timeline.now <= timeline.end {
      parts.append(
        "<line class=\"tl-now\" x1=\"\(n(x(timeline.now)))\" y1=\"72\" x2=\"\(n(x(timeline.now)))\" y2=\"\(n(bottom))\"><title>now: \(Timestamp.iso8601(timeline.now))</title></line>"
      )
    }
    parts.append("</g>")
    return parts.joined(separator: "\n")
  }

  /// A row and its height (one line of plans' names more for each that the names need).
  private func row(_ row: TimelineRow, top: Double) -> (String, Double) {
    var attributes = "class=\"tl-row\" data-account=\"\(escaped(row.account))\""
    if let original = row.originalTransactionNumber {
      attributes += " data-original-transaction-id=\"\(original)\""
    }
    var parts = [
      "<g \(attributes)>",
      "<text class=\"tl-row-title\" x=\"\(n(Self.margin))\" y=\"\(n(top + 14))\">\(escaped(row.title))</text>",
    ]
    let labels = PlanLabels(
      row.plans.map {
        (Int(((x($0.time) - Self.margin) / Self.characterWidth).rounded(.down)), $0.productId)
      },
      // One character short of the edge: a name starts up to a character right of its column.
      width: Int((width - Self.margin) / Self.characterWidth) - 1, ellipsis: "…")
    for label in labels.labels {
      let plan = row.plans[label.plan]
      let at = label.isMoved ? Self.margin + Double(label.column) * Self.characterWidth : x(plan.time)
      parts.append(
        self.plan(plan, text: label.text, x: at, y: top + 32 + Double(label.line) * Self.planLineHeight))
    }
    let extra = Double(max(labels.lineCount - 1, 0)) * Self.planLineHeight
    for segment in row.segments {
      parts.append(bar(segment, top: top + 38 + extra))
    }
    for (lane, y) in [(TimelineMarker.Lane.events, top + 72 + extra), (.server, top + 90 + extra)] {
      // Marks closer than a glyph move right, so that each stays visible.
      var free = -Double.infinity
      for marker in row.markers where marker.kind.lane == lane {
        let at = max(x(marker.time), free)
        parts.append(self.marker(marker, x: at, y: y))
        free = at + 8
      }
    }
    parts.append("</g>")
    return (parts.joined(separator: "\n"), Self.rowHeight + extra)
  }

  private func plan(_ plan: TimelinePlan, text: String, x: Double, y: Double) -> String {
    var attributes =
      "class=\"tl-plan\(plan.isScheduled ? " tl-scheduled" : "")\" data-product-id=\"\(escaped(plan.productId))\""
    if plan.isScheduled { attributes += " data-scheduled=\"true\"" }
    let what =
      "\(plan.isScheduled ? "scheduled from" : "from") \(Timestamp.iso8601(plan.time)): \(plan.productId)"
    return
      "<text \(attributes) x=\"\(n(x))\" y=\"\(n(y))\">\(escaped(text))<title>\(escaped(what))</title></text>"
  }

  private func bar(_ segment: TimelineSegment, top: Double) -> String {
    let from = x(segment.start)
    let barWidth = max(x(segment.end) - from, 1)
    var classes = "tl-bar tl-\(segment.kind.isPeriod ? "period" : "gap") tl-\(segment.kind.rawValue)"
    if segment.isScheduled { classes += " tl-scheduled" }
    var attributes =
      "class=\"\(classes)\" data-kind=\"\(segment.kind.rawValue)\" data-product-id=\"\(escaped(segment.productId))\""
    if let number = segment.transactionNumber { attributes += " data-transaction-id=\"\(number)\"" }
    if segment.isScheduled { attributes += " data-scheduled=\"true\"" }
    let span = "\(Timestamp.iso8601(segment.start)) to \(Timestamp.iso8601(segment.end))"
    let what = segment.transactionNumber.map { "\(segment.productId) \($0)" } ?? segment.productId
    let note = segment.note.map { "; \($0)" } ?? ""
    return
      "<rect \(attributes) x=\"\(n(from))\" y=\"\(n(top))\" width=\"\(n(barWidth))\" height=\"18\"><title>\(escaped("\(segment.look.label): \(what), \(span)\(note)"))</title></rect>"
  }

  private func marker(_ marker: TimelineMarker, x: Double, y: Double) -> String {
    var attributes = "class=\"tl-marker tl-\(marker.kind.rawValue)\" data-kind=\"\(marker.kind.rawValue)\""
    if let number = marker.transactionNumber { attributes += " data-transaction-id=\"\(number)\"" }
    return
      "<text \(attributes) x=\"\(n(x))\" y=\"\(n(y))\">\(escaped(String(glyphs.marker(marker.kind))))<title>\(escaped("\(Timestamp.iso8601(marker.time)) \(marker.detail)"))</title></text>"
  }

  /// The legend and its height: a swatch per look of bar shown, a glyph per kind of mark, and the
  /// clock's line when it is drawn.
  private func legend(top: Double) -> (String, Double) {
    let segments = Set(timeline.rows.flatMap { $0.segments.map(\.look) })
    let markers = Set(timeline.rows.flatMap { $0.markers.map(\.kind) })
    var parts = ["<g class=\"tl-legend\">"]
    var left = Self.margin
    var line = top
    func place(_ label: String) -> (Double, Double) {
      let itemWidth = Double(label.count) * 7 + 34
      if left > Self.margin && left + itemWidth > width - Self.margin {
        left = Self.margin
        line += Self.legendLineHeight
      }
      defer { left += itemWidth }
      return (left, line)
    }
    for look in TimelineSegment.Look.all where segments.contains(look) {
      let (x, y) = place(look.label)
      let scheduled = look.isScheduled ? " tl-scheduled" : ""
      parts.append(
        "<rect class=\"tl-bar tl-legend-swatch tl-\(look.kind.rawValue)\(scheduled)\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"14\" height=\"12\"/><text x=\"\(n(x + 18))\" y=\"\(n(y + 11))\">\(escaped(look.label))</text>"
      )
    }
    for kind in TimelineMarker.Kind.allCases where markers.contains(kind) {
      let (x, y) = place(kind.label)
      parts.append(
        "<text class=\"tl-marker tl-\(kind.rawValue)\" x=\"\(n(x + 6))\" y=\"\(n(y + 11))\">\(escaped(String(glyphs.marker(kind))))</text><text x=\"\(n(x + 18))\" y=\"\(n(y + 11))\">\(escaped(kind.label))</text>"
      )
    }
    if timeline.now >= timeline.start && timeline.now <= timeline.end {
      let (x, y) = place("now")
      parts.append(
        "<line class=\"tl-now tl-legend-now\" x1=\"\(n(x + 7))\" y1=\"\(n(y))\" x2=\"\(n(x + 7))\" y2=\"\(n(y + 12))\"/><text x=\"\(n(x + 18))\" y=\"\(n(y + 11))\">now</text>"
      )
    }
    parts.append("</g>")
    return (parts.joined(separator: "\n"), line - top + Self.legendLineHeight)
  }

  private func escaped(_ text: String) -> String { XMLText.escaped(text) }

  private static let style = """
    .tl{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}\
    .tl-background{fill:#fff}.tl-heading{font-size:15px;font-weight:bold}.tl-range{fill:#555}\
    .tl-axis-line,.tl-tick line{stroke:#888}.tl-tick text{text-anchor:middle;fill:#555;font-size:11px}\
    .tl-now{stroke:#c00;stroke-dasharray:4 3}.tl-row-title{font-weight:bold}.tl-plan{fill:#333;font-size:11px}\
    .tl-bar{stroke:#fff;stroke-width:.5}.tl-trial{fill:#7fd3e0}.tl-intro{fill:#6fa8dc}.tl-offer{fill:#b48ad8}\
    .tl-regular{fill:#4caf50}.tl-grace{fill:#f1c232}.tl-billing-retry{fill:#e06666}.tl-expired{fill:#ddd}\
    .tl-revoked{fill:#990000}.tl-bar.tl-scheduled{fill-opacity:.3;stroke:#555;stroke-width:1;stroke-dasharray:3 2}\
    .tl-plan.tl-scheduled{fill:#777;font-style:italic}\
    .tl-marker{text-anchor:middle;font-weight:bold}.tl-charge,.tl-notification-delivered{fill:#2e7d32}\
    .tl-refund,.tl-refund-declined,.tl-notification-failed{fill:#c62828}.tl-refund-request,.tl-price-increase,.tl-auto-renew{fill:#b26a00}\
    .tl-price-consent,.tl-ask-to-buy,.tl-upgrade,.tl-downgrade,.tl-crossgrade,.tl-plan-change-cancelled,.tl-plan-change{fill:#00796b}\
    .tl-marker.tl-offer{fill:#7b1fa2}
    """
}
