/// The lines `storebench test` prints: one per script in the scripts' order, each failure followed
/// by its diff, then the closing `N passed, N failed`.
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
}
