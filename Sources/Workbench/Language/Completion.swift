/// What TAB offers at the prompt: the word under completion and the words that can replace it.
public struct Completion: Hashable, Sendable {
  /// The partial word before the cursor; empty right after a space.
  public var word: String
  /// The whole words that can replace it, sorted; each begins with ``word``. A directory ends
  /// with `/`.
  public var candidates: [String]

  /// Creates a completion.
  public init(word: String, candidates: [String]) {
    self.word = word
    self.candidates = candidates
  }

  /// The longest text every candidate begins with: what a TAB inserts. `word` when there are none.
  public var commonPrefix: String {
    guard var prefix = candidates.first else { return word }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }

  /// Whether the word is complete once inserted, so that a space may follow: one candidate, and
  /// not a directory.
  public var isFinal: Bool { candidates.count == 1 && !candidates[0].hasSuffix("/") }
}
