import Foundation
import Store

/// A ``Timeline`` as lines of text for a terminal or a transcript: a date axis (with `|` at the
/// world's clock when the picture goes past it), then per row its plans, its bars (what is
/// scheduled in lighter marks) and two lines of markers (what happened, and notifications), then a
/// legend.
public struct TextTimeline {
  /// The width of the names in front of each line.
  static let gutter = 10
  /// The narrowest picture drawn, whatever width is asked for.
  public static let minimumWidth = 40

  private let timeline: Timeline
  private let width: Int
  private let glyphs: TimelineGlyphs

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - timeline: What to draw.
  ///   - width: The whole width in columns (at least ``minimumWidth``).
  ///   - glyphs: ASCII or Unicode, with or without colour.
  public init(_ timeline: Timeline, width: Int, glyphs: TimelineGlyphs = .plain) {
    self.timeline = timeline
    self.width = max(width, Self.minimumWidth)
    self.glyphs = glyphs
  }

  private var columns: Int { width - Self.gutter }

  /// The lines, without newlines.
  public var lines: [String] {
    var lines = wrapped("timeline of \(timeline.title)")
    let days = timeline.span / 86_400 / Double(columns)
    let scale = days >= 1 ? String(format: "%.1f days", days) : String(format: "%.1f hours", days * 24)
    lines += wrapped("\(Self.date(timeline.start)) to \(Self.date(timeline.end)), 1 column = \(scale)")
    guard !timeline.rows.isEmpty else {
      lines.append("no purchases to draw")
      return lines
    }
    lines += axis()
    for row in timeline.rows { lines += self.lines(of: row) }
    lines += legend()
    return lines
  }

  /// The column an instant falls in.
  private func column(_ date: Date) -> Int {
    min(boundary(date), columns - 1)
  }

  /// The column a stretch ending at an instant stops before (``columns`` at the end). An instant
  /// that falls on a column's edge belongs to that column, whatever the rounding of the division.
  private func boundary(_ date: Date) -> Int {
    Int((timeline.position(of: date) * Double(columns) + 1e-9).rounded(.down))
  }

  /// Words on lines no wider than the picture, the lines after the first indented.
  private func wrapped(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = "  "
      }
      line += (line.isEmpty || line == "  " ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  private func labeled(_ name: String, _ body: String) -> String {
    let line = name.padding(toLength: Self.gutter, withPad: " ", startingAt: 0) + body
    return String(line.reversed().drop(while: { $0 == " " }).reversed())
  }

  // MARK: Axis

  private func axis() -> [String] {
    let axis = TimelineAxis(start: timeline.start, end: timeline.end, maximumTicks: max(columns / 12, 2))
    var labels = [Character](repeating: " ", count: columns)
    var ticks = [Character](repeating: "-", count: columns)
    var free = 0
    for tick in axis.ticks {
      let at = column(tick)
      ticks[at] = "+"
      let label = axis.label(tick)
      guard at >= free, at + label.count <= labels.count else { continue }
      labels.replaceSubrange(at..<(at + label.count), with: label)
      free = at + label.count + 1
    }
    if showsNow { ticks[column(timeline.now)] = "|" }
    return [labeled("", String(labels)), labeled("", String(ticks))]
  }

  /// Whether the picture goes on past the world's clock, so that the axis marks it.
  private var showsNow: Bool { timeline.now >= timeline.start && timeline.now < timeline.end }

  // MARK: Rows

  private func lines(of row: TimelineRow) -> [String] {
    var lines = wrapped(row.title)
    for (index, line) in plans(of: row).enumerated() {
      lines.append(labeled(index == 0 ? "  plan" : "", line))
    }
    if case .subscription = row.subject { lines.append(labeled("  status", bars(of: row))) }
    for (lane, name) in [(TimelineMarker.Lane.events, "  events"), (.server, "  server")] {
      let markers = row.markers.filter { $0.kind.lane == lane }
      if !markers.isEmpty { lines.append(labeled(name, self.markers(markers))) }
    }
    return lines
  }

  /// Each product's name where the row changes to it, on as many lines as the names need
  /// (``PlanLabels``).
  private func plans(of row: TimelineRow) -> [String] {
    let layout = PlanLabels(
      row.plans.map { (column($0.time), $0.productId) }, width: columns, ellipsis: glyphs.ellipsis)
    var lines = [[Character]](repeating: [Character](repeating: " ", count: columns), count: layout.lineCount)
    for label in layout.labels {
      lines[label.line].replaceSubrange(label.column..<(label.column + label.text.count), with: label.text)
    }
    return lines.map { String($0) }
  }

  private func bars(of row: TimelineRow) -> String {
    var cells = [TimelineSegment.Look?](repeating: nil, count: columns)
    for segment in row.segments {
      let from = column(segment.start)
      let to = max(boundary(segment.end), from + 1)
      for index in from..<min(to, columns) { cells[index] = segment.look }
    }
    return runs(cells) { look in
      look.map { (String(glyphs.bar($0)), glyphs.color($0)) } ?? (" ", nil)
    }
  }

  /// The markers of a lane, the strongest first: each in its column, or beside it when that is
  /// taken and a neighbour is free, else hidden under the stronger one.
  private func markers(_ markers: [TimelineMarker]) -> String {
    var cells = [TimelineMarker.Kind?](repeating: nil, count: columns)
    for marker in markers.sorted(by: { ($0.kind.rank, $0.time) < ($1.kind.rank, $1.time) }) {
      let at = column(marker.time)
      guard cells[at] != marker.kind else { continue }
      guard let free = [at, at + 1, at - 1].first(where: { $0 >= 0 && $0 < columns && cells[$0] == nil })
      else {
        continue
      }
      cells[free] = marker.kind
    }
    return runs(cells) { kind in
      kind.map { (String(glyphs.marker($0)), glyphs.color($0)) } ?? (" ", nil)
    }
  }

  /// Cells as text, each run of one colour painted once.
  private func runs<Cell: Equatable>(_ cells: [Cell], _ look: (Cell) -> (String, String?)) -> String {
    var text = ""
    var index = 0
    while index < cells.count {
      var end = index + 1
      while end < cells.count && cells[end] == cells[index] { end += 1 }
      let (glyph, color) = look(cells[index])
      let run = String(repeating: glyph, count: end - index)
      text += color.map { glyphs.paint(run, $0) } ?? run
      index = end
    }
    return text
  }

  // MARK: Legend

  private func legend() -> [String] {
    let segments = Set(timeline.rows.flatMap { $0.segments.map(\.look) })
    let markers = Set(timeline.rows.flatMap { $0.markers.map(\.kind) })
    let entries =
      TimelineSegment.Look.all.filter(segments.contains).map {
        glyphs.paint(String(glyphs.bar($0)), glyphs.color($0)) + " " + $0.label
      }
      + TimelineMarker.Kind.allCases.filter(markers.contains).map {
        glyphs.paint(String(glyphs.marker($0)), glyphs.color($0)) + " " + $0.label
      } + (showsNow ? ["| now"] : [])
    var lines: [String] = []
    var line = ""
    var visible = 0
    for (entry, length) in zip(entries, entries.map(Self.visibleLength)) {
      if visible > 0 && Self.gutter + visible + 2 + length > width {
        lines.append(labeled(lines.isEmpty ? "legend" : "", line))
        line = ""
        visible = 0
      }
      line += (visible > 0 ? "  " : "") + entry
      visible += (visible > 0 ? 2 : 0) + length
    }
    if !line.isEmpty { lines.append(labeled(lines.isEmpty ? "legend" : "", line)) }
    return lines
  }

  /// The columns text takes on a terminal, leaving out colour codes.
  private static func visibleLength(_ text: String) -> Int {
    var count = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if scalar == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if scalar == "m" { inEscape = false }
      } else {
        count += 1
      }
    }
    return count
  }

  /// `2026-01-01` at midnight, `2026-01-01T06:30:00Z` otherwise.
  static func date(_ date: Date) -> String {
    let text = Timestamp.iso8601(date)
    return text.hasSuffix("T00:00:00Z") ? String(text.prefix(10)) : text
  }
}
