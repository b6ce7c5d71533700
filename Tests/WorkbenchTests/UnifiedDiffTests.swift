import Testing

@testable import Workbench

private func lines(_ letters: String) -> String {
  letters.map { "\($0)\n" }.joined()
}

/// The hunks of a diff, without the `---`/`+++` header.
private func hunks(_ old: String, _ new: String, context: Int = 3) -> [String] {
  Array(
    UnifiedDiff.lines(from: old, to: new, oldName: "a", newName: "b", context: context)?.dropFirst(2) ?? [])
}

@Suite struct UnifiedDiffTests {
  // Expected outputs below are what GNU `diff -u` prints for the same inputs.

  @Test func distantChangesMakeSeparateHunks() {
    let old = lines("abcdefghijklm")
    let new = lines("abCdefghijkmn")
    #expect(
      hunks(old, new) == [
        "@@ -1,6 +1,6 @@", " a", " b", "-c", "+C", " d", " e", " f",
        "@@ -9,5 +9,5 @@", " i", " j", " k", "-l", " m", "+n",
      ])
    #expect(
      hunks(old, new, context: 1) == [
        "@@ -2,3 +2,3 @@", " b", "-c", "+C", " d", "@@ -11,3 +11,3 @@", " k", "-l", " m", "+n",
      ])
  }

  @Test func anInsertionInTheMiddle() {
    let old = (1...10).map { "\($0)\n" }.joined()
    let new = (1...7).map { "\($0)\n" }.joined() + "X\n" + (8...10).map { "\($0)\n" }.joined()
    #expect(hunks(old, new) == ["@@ -5,6 +5,7 @@", " 5", " 6", " 7", "+X", " 8", " 9", " 10"])
  }

  @Test func emptyTextsNameTheLineBefore() {
    #expect(hunks("", "one\ntwo\n") == ["@@ -0,0 +1,2 @@", "+one", "+two"])
    #expect(hunks("one\ntwo\n", "") == ["@@ -1,2 +0,0 @@", "-one", "-two"])
  }

  @Test func aMissingFinalNewlineIsShown() {
    #expect(
      hunks("x\ny", "x\ny\n") == ["@@ -1,2 +1,2 @@", " x", "-y", "\\ No newline at end of file", "+y"])
  }

  @Test func equalTextsHaveNoDiff() {
    #expect(UnifiedDiff.lines(from: "a\n", to: "a\n", oldName: "a", newName: "b") == nil)
  }

  @Test func theHeaderNamesBothSides() {
    let diff = UnifiedDiff.lines(from: "a\n", to: "b\n", oldName: "x.expected", newName: "x.storebench")
    #expect(diff?.prefix(2) == ["--- x.expected", "+++ x.storebench"])
  }

  /// For many pairs of short texts over a small alphabet, the edit script turns the first into the
  /// second and is as short as the longest common subsequence allows.
  @Test func editScriptsAreCorrectAndShortest() {
    var generator = SplitMix(seed: 42)
    for _ in 0..<300 {
      let old = (0..<Int(generator.next() % 12)).map { _ in Int(generator.next() % 4) }
      let new = (0..<Int(generator.next() % 12)).map { _ in Int(generator.next() % 4) }
      let steps = UnifiedDiff.edits(from: old, to: new)
      var rebuilt: [Int] = []
      var removed = 0
      var added = 0
      for step in steps {
        switch step {
        case .keep(let index, _): rebuilt.append(old[index])
        case .remove: removed += 1
        case .add(let index):
          rebuilt.append(new[index])
          added += 1
        }
      }
      #expect(rebuilt == new, "\(old) → \(new)")
      let common = longestCommonSubsequence(old, new)
      #expect(removed == old.count - common && added == new.count - common, "\(old) → \(new)")
    }
  }
}

private func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> Int {
  var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in a.indices {
    for j in b.indices {
      table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
    }
  }
  return table[a.count][b.count]
}

/// A small seeded generator, so that the property test is the same on every run.
private struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
