/// Compares a transcript with its golden file.
enum TranscriptDiff {
  /// `line N: expected "…", got "…"`, or `nil` when the two are the same.
  static func firstDifference(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? String(expectedLines[index]) : nil
      let got = index < actualLines.count ? String(actualLines[index]) : nil
      if want != got {
        return
          "line \(index + 1): expected \(want.map { "\"\($0)\"" } ?? "end of output"), got \(got.map { "\"\($0)\"" } ?? "end of output")"
      }
    }
    return "they differ"
  }
}
