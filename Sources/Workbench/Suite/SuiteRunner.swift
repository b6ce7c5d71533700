import Catalog
import Foundation
import Vocabulary

/// Runs every `*.storebench` script of a directory, in sorted order, each in its own session: a
/// script passes when no line fails, or, when an `.expected` file sits beside it, when its
/// transcript matches that file line for line (its `\r\n` line ends read as `\n`; a `{{KIND}}`
/// in a line masks a value that changes from run to run: ``GoldenLine``) and no `expect` failed
/// (a golden transcript may hold a command's error, never a broken promise). Transcripts name a
/// script by its file name, and the files it reads and writes from its directory, so that they do
/// not depend on the directory the suite is run from.
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
    /// Why not: the first failed line, the first `expect` that failed, or the first difference
    /// from the golden transcript.
    public var reason: String?
    /// What kind of failure ``reason`` names (`unknown_product`, `expectation_failed`,
    /// `golden_mismatch`, …); `nil` when the script passed.
    public var code: ErrorCode? = nil
    /// The script's whole transcript.
    public var transcript: String
    /// When the transcript differs from the golden one: the unified diff from it.
    public var diff: [String]? = nil
    /// How long the script took to run.
    public var duration: Duration = .zero
    /// The first `expect` that did not hold (`FILE:LINE: expectation failed: …`), if any: it fails
    /// the script whatever its golden transcript says, and keeps `--update` from recording it.
    public var failedExpectation: String? = nil
  }

  /// The runner each script goes through (the suite always echoes commands, writes transcripts as
  /// text, as golden files hold them, shows paths from each script's directory, and keeps
  /// rotations to the script that makes them).
  public var runner: ScriptRunner

  /// Creates a suite runner.
  public init(runner: ScriptRunner) {
    self.runner = runner
    self.runner.options.echoCommands = true
    self.runner.options.format = .text
    self.runner.options.rotatesPrivately = true
    self.runner.options.showsPathsFromScript = true
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
      return Verdict(script: path, passed: false, reason: error.description, code: .of(error), transcript: "")
    }
    let failedExpectation = result.failures.first(where: \.isFailedExpectation)?.description
    let failureCode = result.failures.first?.code
    let goldenPath = Self.goldenPath(for: path)
    let golden: GoldenTranscript
    do {
      guard let read = try Self.golden(at: goldenPath) else {
        return Verdict(
          script: path, passed: result.passed, reason: result.failures.first?.description, code: failureCode,
          transcript: transcript.text, failedExpectation: failedExpectation)
      }
      golden = read
    } catch {
      return Verdict(
        script: path, passed: false, reason: error.description, code: .of(error), transcript: transcript.text)
    }
    let difference = golden.firstDifference(from: transcript.text)
    let passed = difference == nil && failedExpectation == nil
    return Verdict(
      script: path, passed: passed,
      reason: failedExpectation ?? difference.map { "differs from \(goldenPath): \($0)" },
      code: passed ? nil : failedExpectation == nil ? .goldenMismatch : .expectationFailed,
      transcript: transcript.text,
      diff: golden.diff(to: transcript.text, transcriptName: "\(path) (transcript)"),
      failedExpectation: failedExpectation)
  }

  /// A script's golden transcript, `nil` when there is none.
  ///
  /// - Throws: ``WorkbenchError`` for a line whose `{{` begins no mask.
  static func golden(at path: String) throws(WorkbenchError) -> GoldenTranscript? {
    guard
      let text = FileManager.default.contents(atPath: path).flatMap({
        String(data: $0, encoding: .utf8)?.replacingOccurrences(of: "\r\n", with: "\n")
      })
    else { return nil }
    return try GoldenTranscript(text: text, path: path)
  }

  /// Writes a script's transcript as its golden file (`--update`): the script then passes. The
  /// masks of the file it replaces stay where their lines still match (``GoldenTranscript/updated(to:)``).
  /// A script whose `expect` failed is not recorded (its golden file stays as it was) and fails,
  /// saying which expectation; so does one whose golden file cannot be read or written.
  public func recordGolden(of verdict: Verdict) -> Verdict {
    var recorded = verdict
    let path = Self.goldenPath(for: verdict.script)
    if let failed = verdict.failedExpectation {
      (recorded.passed, recorded.reason) = (false, "not recorded in \(path): \(failed)")
      return recorded
    }
    do {
      let text = try Self.golden(at: path)?.updated(to: verdict.transcript)
      try (text ?? verdict.transcript).write(toFile: path, atomically: true, encoding: .utf8)
      (recorded.passed, recorded.reason, recorded.code, recorded.diff) = (true, nil, nil, nil)
    } catch let error as WorkbenchError {
      (recorded.passed, recorded.reason, recorded.code) = (false, "not recorded: \(error.reason)", error.code)
    } catch {
      (recorded.passed, recorded.reason, recorded.code) =
        (false, "\(path): cannot write: \(error.localizedDescription)", .file)
    }
    return recorded
  }

  /// Where a script's golden transcript lives: `x.storebench` → `x.expected`
  /// (``GoldenTranscript/path(forScript:)``).
  public static func goldenPath(for script: String) -> String {
    GoldenTranscript.path(forScript: script)
  }
}
