/// A script's golden transcript (`x.expected`), read: the lines its transcript must have, each
/// equal or matched through its masks (``GoldenLine``).
struct GoldenTranscript {
  /// The file as messages name it.
  let path: String
  /// Its text, `\r\n` read as `\n`.
  let text: String
  /// Its lines (``UnifiedDiff/split(_:)``): a last line without a line end keeps a `\n`, so that
  /// it matches no transcript's line (a transcript's lines all end).
  let lines: [GoldenLine]

  /// Where a script's golden transcript lives: `x.storebench` → `x.expected`.
  static func path(forScript script: String) -> String {
    String(script.dropLast(".storebench".count)) + ".expected"
  }

  /// Reads a golden file's text.
  ///
  /// - Throws: ``WorkbenchError`` naming the file and line of a `{{` that begins no mask.
  init(text: String, path: String) throws(WorkbenchError) {
    self.path = path
    self.text = text
    var lines: [GoldenLine] = []
    for (index, line) in UnifiedDiff.split(text).enumerated() {
      do {
        lines.append(try GoldenLine(line))
      } catch {
        throw WorkbenchError(.invalidValue, "\(path):\(index + 1): \(error.reason)")
      }
    }
    self.lines = lines
  }

  /// `line N: expected "…", got "…"`, or `nil` when the transcript matches, line for line.
  func firstDifference(from transcript: String) -> String? {
    guard text != transcript else { return nil }
    let actual = UnifiedDiff.split(transcript)
    for index in 0..<max(lines.count, actual.count) {
      let want = index < lines.count ? lines[index] : nil
      let got = index < actual.count ? actual[index] : nil
      if let want, let got, want.matches(got) { continue }
      return "line \(index + 1): expected \(Self.quoted(want?.source)), got \(Self.quoted(got))"
    }
    return nil
  }

  private static func quoted(_ line: String?) -> String {
    guard let line else { return "end of output" }
    guard line.hasSuffix("\n") else { return "\"\(line)\"" }
    return "\"\(line.dropLast())\" without a line end"
  }

  /// The unified diff from this file to a transcript (a masked line that matches is context), or
  /// `nil` when it matches.
  func diff(to transcript: String, transcriptName: String) -> [String]? {
    guard firstDifference(from: transcript) != nil else { return nil }
    return UnifiedDiff.lines(
      from: lines, to: UnifiedDiff.split(transcript), oldName: path, newName: transcriptName, shown: \.source
    ) { golden, line in golden.matches(line) }
  }

  /// The file `--update` writes for a transcript: the transcript's lines (each `{{` written
  /// `{{open}}`), except where this file's masked line still matches the transcript's there,
  /// which it keeps, mask and all, so that a mask written once stays.
  func updated(to transcript: String) -> String {
    let actual = UnifiedDiff.split(transcript)
    let steps = UnifiedDiff.edits(from: lines, to: actual) { golden, line in golden.matches(line) }
    var updated: [String] = []
    for step in steps {
      switch step {
      case .keep(let old, _): updated.append(lines[old].source)
      case .add(let new): updated.append(GoldenLine.escaped(actual[new]))
      case .remove: continue
      }
    }
    // The transcript's last line ends; a kept line never lacks its line end.
    return updated.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
  }
}
