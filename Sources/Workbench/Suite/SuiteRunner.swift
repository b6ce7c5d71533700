import Catalog
import Foundation

/// Runs every `*.storebench` script of a directory, in sorted order, each in its own session: a
/// script passes when no line fails, or, when an `.expected` file sits beside it, when its
/// transcript matches that file exactly (its `\r\n` line ends read as `\n`). Transcripts name a
/// script by its file name, so that they do not depend on the directory the suite is run from.
///
/// Scripts may run at the same time, so none may change what another reads. Each has its own world
/// (store, devices, clock), and all share the configured certificate authority, read-only: a
/// script's `ca rotate` gives that script a new authority of its own in a temporary directory,
/// removed when it ends (creating RSA keys is slow, so only scripts that rotate pay for it). Files a
/// script writes by name (`receipt export`, `record`, …) are the one thing shared: two scripts must
/// not write the same path.
public struct SuiteRunner: Sendable {
  /// One script's verdict.
  public struct Verdict: Sendable {
    /// The script's path.
    public var script: String
    /// Whether it passed.
    public var passed: Bool
    /// Why not: the first failed line, or the first difference from the golden transcript.
    public var reason: String?
    /// The script's whole transcript.
    public var transcript: String
    /// When the transcript differs from the golden one: the unified diff from it.
    public var diff: [String]? = nil
    /// How long the script took to run.
    public var duration: Duration = .zero
  }

  /// The runner each script goes through (the suite always echoes commands, writes transcripts as
  /// text, as golden files hold them, and keeps rotations to the script that makes them).
  public var runner: ScriptRunner

  /// Creates a suite runner.
  public init(runner: ScriptRunner) {
    self.runner = runner
    self.runner.options.echoCommands = true
    self.runner.options.format = .text
    self.runner.options.rotatesPrivately = true
  }

  /// The scripts of a directory, sorted by name.
  ///
  /// - Throws: ``WorkbenchError`` when the directory cannot be read.
  public static func scripts(in directory: String) throws(WorkbenchError) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw WorkbenchError(.file, "\(directory): cannot read the directory")
    }
    return names.filter { $0.hasSuffix(".storebench") }.sorted().map {
      URL(fileURLWithPath: directory).appendingPathComponent($0).relativePath
    }.map { directory == "." ? String($0.dropFirst(2)) : $0 }
  }

  /// Runs one script and judges it.
  public func verdict(for path: String) -> Verdict {
    let transcript = Transcript()
    let result: ScriptRunner.Result
    do {
      var script = try Script(path: path)
      script.name = URL(fileURLWithPath: path).lastPathComponent
      result = runner.run(script, output: .collecting(into: transcript))
    } catch {
      return Verdict(script: path, passed: false, reason: error.description, transcript: "")
    }
    let goldenPath = Self.goldenPath(for: path)
    guard
      let golden = FileManager.default.contents(atPath: goldenPath).flatMap({
        String(data: $0, encoding: .utf8)?.replacingOccurrences(of: "\r\n", with: "\n")
      })
    else {
      return Verdict(
        script: path, passed: result.passed, reason: result.failures.first?.description,
        transcript: transcript.text)
    }
    let difference = TranscriptDiff.firstDifference(expected: golden, actual: transcript.text)
    return Verdict(
      script: path, passed: difference == nil, reason: difference.map { "differs from \(goldenPath): \($0)" },
      transcript: transcript.text,
      diff: UnifiedDiff.lines(
        from: golden, to: transcript.text, oldName: goldenPath, newName: "\(path) (transcript)"))
  }

  /// Where a script's golden transcript lives: `x.storebench` → `x.expected`.
  public static func goldenPath(for script: String) -> String {
    String(script.dropLast(".storebench".count)) + ".expected"
  }
}
