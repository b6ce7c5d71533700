import JSON
import Simulation

/// The lines `storebench test` prints: one per script in the scripts' order, each failure followed
/// by its diff, then the closing `N passed, N failed`; or, with `--format json`, one JSON object per
/// script and one for the totals.
public enum SuiteReport {
  /// `pass  PATH`, or `FAIL  PATH: REASON` followed by the unified diff from the golden transcript.
  public static func lines(for verdict: SuiteRunner.Verdict, style: TerminalStyle) -> [String] {
    guard !verdict.passed else { return ["\(style.paint("pass", .green))  \(verdict.script)"] }
    let head = "\(style.paint("FAIL", .red))  \(verdict.script): \(verdict.reason ?? "failed")"
    return [head] + (verdict.diff ?? []).map { paint(diffLine: $0, style: style) }
  }

  /// The closing line, exactly `N passed, N failed`.
  public static func summary(of verdicts: [SuiteRunner.Verdict]) -> String {
    let passed = verdicts.count { $0.passed }
    return "\(passed) passed, \(verdicts.count - passed) failed"
  }

  /// A verdict as one JSON line: `{"script":"scripts/a.storebench","passed":true,"duration_ms":12}`;
  /// a failure adds `reason`, its `code` (``ErrorCode``, such as `unknown_product`) and, when the
  /// transcript differs from the golden one, `diff` (the unified diff's lines).
  public static func json(for verdict: SuiteRunner.Verdict) -> String {
    var members: [OrderedJSON.Member] = [
      .init("script", .string(verdict.script)), .init("passed", .bool(verdict.passed)),
    ]
    if !verdict.passed {
      members.append(.init("reason", .string(verdict.reason ?? "failed")))
      members.append(.init("code", .string((verdict.code ?? .commandFailed).rawValue)))
      if let diff = verdict.diff { members.append(.init("diff", .array(diff.map(OrderedJSON.string)))) }
    }
    members.append(.init("duration_ms", .integer(milliseconds(verdict.duration))))
    return OrderedJSON.object(members).text
  }

  /// The totals as one JSON line: `{"summary":{"passed":64,"failed":1}}`.
  public static func jsonSummary(of verdicts: [SuiteRunner.Verdict]) -> String {
    let passed = verdicts.count { $0.passed }
    let totals = OrderedJSON.object([
      .init("passed", .integer(Int64(passed))), .init("failed", .integer(Int64(verdicts.count - passed))),
    ])
    return OrderedJSON.object([.init("summary", totals)]).text
  }

  /// The live progress line on a terminal: `[3/15] running`.
  public static func progress(finished: Int, total: Int) -> String {
    "[\(finished)/\(total)] running"
  }

  private static func paint(diffLine line: String, style: TerminalStyle) -> String {
    if line.hasPrefix("---") || line.hasPrefix("+++") { return style.paint(line, .bold) }
    if line.hasPrefix("@@") { return style.paint(line, .cyan) }
    if line.hasPrefix("-") { return style.paint(line, .red) }
    if line.hasPrefix("+") { return style.paint(line, .green) }
    return line
  }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
