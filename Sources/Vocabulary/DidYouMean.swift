/// What a mistyped name most likely meant, for every "did you mean …?" storebench says: commands,
/// options, product ids, `expect` subjects. Names compare case-insensitively; a name is close when
/// few edits make it the word (one for a word of one or two letters, else two); when none is, the
/// one name the word begins is (`advance` for `advance-clock`).
public enum DidYouMean {
  /// The names the word most likely meant: those at the smallest edit distance when it is small
  /// enough, at most three, in order; else the one name the word begins, if it has at least three
  /// letters and begins no other.
  ///
  /// - Parameters:
  ///   - word: what was typed.
  ///   - names: the names it could have meant.
  /// - Returns: the close names, as the names spell them; none when no name is close.
  public static func suggestions(for word: String, among names: some Sequence<String>) -> [String] {
    let unique = Array(Set(names))
    let typed = word.lowercased()
    guard !typed.isEmpty else { return [] }
    let limit = typed.count <= 2 ? 1 : 2
    // A name whose length differs by more than the limit is farther than it (an edit distance is at
    // least the difference in length), so it is left out without computing one: a long mistyped
    // word costs nothing.
    let scored = unique.filter { abs($0.count - typed.count) <= limit }
      .map { (name: $0, distance: distance(typed, $0.lowercased())) }
      .filter { $0.distance <= limit && $0.name != word }
    if let best = scored.map(\.distance).min() {
      return Array(scored.filter { $0.distance == best }.map(\.name).sorted().prefix(3))
    }
    let extending = unique.filter { $0.count > typed.count && $0.lowercased().hasPrefix(typed) }
    return typed.count >= 3 && extending.count == 1 ? extending : []
  }

  /// ` or `-joined choices: `a`, `a or b`, `a, b or c`, each as `quote` writes it.
  ///
  /// - Parameters:
  ///   - names: the choices.
  ///   - quote: how a choice is written, such as `'buy'` or `"pro.monthly"`.
  public static func choices(_ names: [String], quote: (String) -> String) -> String {
    let quoted = names.map(quote)
    guard let last = quoted.last else { return "" }
    return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
  }

  /// `; did you mean "pro.monthly"?` for a close name, else nothing: the end of a sentence that
  /// names what was not found.
  ///
  /// - Parameters:
  ///   - word: what was typed.
  ///   - names: the names it could have meant.
  ///   - quote: how a name is written; double quotes by default.
  public static func clause(
    for word: String, among names: some Sequence<String>, quote: (String) -> String = { "\"\($0)\"" }
  ) -> String {
    let close = suggestions(for: word, among: names)
    return close.isEmpty ? "" : "; did you mean \(choices(close, quote: quote))?"
  }

  /// The Levenshtein distance between two strings, by characters.
  public static func distance(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}
