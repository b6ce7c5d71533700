import Foundation
import Timeline

/// A suite's verdicts as a JUnit XML report for CI: one `testsuite` with its counts, one `testcase`
/// per script, a failure's reason in `message`, its code (``ErrorCode``) in `type` and the diff (or, without a golden transcript, the
/// transcript) in its body, each transcript in `system-out`. A testcase is named by the script's
/// path relative to the suite's directory and classed by the directory, so that the reports of a
/// suite's shards (each with its own testsuite name) merge into one without clashes.
public enum JUnitReport {
  /// The report.
  ///
  /// - Parameters:
  ///   - name: the suite's name, such as the directory of scripts and the shard.
  ///   - directory: the directory of scripts, which test names are relative to and which classes
  ///     them; when `nil`, tests are named by file name and classed by `name`.
  ///   - verdicts: the verdicts, in order.
  ///   - duration: how long the whole suite took; the sum of the scripts' times when `nil` (a
  ///     parallel run takes less).
  public static func xml(
    name: String, directory: String? = nil, verdicts: [SuiteRunner.Verdict], duration: Duration? = nil
  ) -> String {
    let failures = verdicts.count { !$0.passed }
    let time = seconds(duration ?? verdicts.reduce(.zero) { $0 + $1.duration })
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="storebench" tests="\#(verdicts.count)" failures="\#(failures)" errors="0" time="\#(time)">"#,
      #"  <testsuite name="\#(escape(name))" tests="\#(verdicts.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(time)">"#,
    ]
    for verdict in verdicts {
      let file =
        directory.map { SuiteRunner.relativePath(of: verdict.script, in: $0) }
        ?? URL(fileURLWithPath: verdict.script).lastPathComponent
      let attributes =
        #"classname="\#(escape(directory ?? name))" name="\#(escape(file))" file="\#(escape(verdict.script))" time="\#(seconds(verdict.duration))""#
      if verdict.passed {
        lines.append("    <testcase \(attributes)>")
      } else {
        let body = verdict.diff.map { $0.joined(separator: "\n") } ?? verdict.transcript
        lines.append("    <testcase \(attributes)>")
        lines.append(
          #"      <failure message="\#(escape(verdict.reason ?? "failed"))" type="\#(failureType(of: verdict))">"#
            + escape(body, inAttribute: false) + "</failure>")
      }
      lines.append("      <system-out>\(escape(verdict.transcript, inAttribute: false))</system-out>")
      lines.append("    </testcase>")
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A failure's `type`: `golden-mismatch` when the transcript differs from the golden one, else
  /// the failure's code, such as `unknown_product`.
  private static func failureType(of verdict: SuiteRunner.Verdict) -> String {
    verdict.diff == nil ? (verdict.code ?? .commandFailed).rawValue : "golden-mismatch"
  }

  /// A duration in seconds with three decimals.
  private static func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    return String(format: "%.3f", Double(whole) + Double(attoseconds) / 1e18)
  }

  /// Text made safe for XML (``XMLText/escaped(_:inAttribute:)``).
  static func escape(_ text: String, inAttribute: Bool = true) -> String {
    XMLText.escaped(text, inAttribute: inAttribute)
  }
}
