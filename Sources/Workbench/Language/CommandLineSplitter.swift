/// Splits one line of the command language into words: spaces separate words, single or double
/// quotes keep spaces inside a word, a backslash escapes the next character, and a `#` starts a
/// comment at the start of a line, whatever follows it (`#1 bought twice`), and at the start of a
/// later word unless a digit follows it (`refund #3` names a transaction handle).
///
/// A line has at most ``maximumLineBytes`` bytes and ``maximumWords`` words, and splitting costs time in
/// proportion to its length.
public enum CommandLineSplitter {
  /// The longest line, in bytes of UTF-8: 64 KiB.
  public static let maximumLineBytes = 65_536
  /// The most words a line may have. The command parser's cost grows with the square of the words,
  /// so this bounds the time one line can take.
  public static let maximumWords = 1_000

  /// Why a line could not be split.
  public struct SplitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var description: String
  }

  /// The words of a line, without the comment.
  ///
  /// - Throws: ``SplitError`` for a line longer than ``maximumLineBytes`` or with more than
  ///   ``maximumWords`` words, an unterminated quote or a trailing backslash.
  public static func split(_ line: String) throws(SplitError) -> [String] {
    let length = line.utf8.count
    guard length <= maximumLineBytes else {
      throw SplitError(description: "line too long: \(length) bytes, the limit is \(maximumLineBytes)")
    }
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    let characters = Array(line)
    for (index, character) in characters.enumerated() {
      if escaping {
        word.append(character)
        escaping = false
        continue
      }
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaping = true
        } else {
          word.append(character)
        }
        continue
      }
      switch character {
      case "\\":
        escaping = true
        inWord = true
      case "\"", "'":
        quote = character
        inWord = true
      case "#" where !inWord && (words.isEmpty || beginsComment(characters[index...])):
        return try finish(words, word, inWord, quote, escaping)
      case " ", "\t", "\r":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    return try finish(words, word, inWord, quote, escaping)
  }

  private static func finish(
    _ words: [String], _ word: String, _ inWord: Bool, _ quote: Character?, _ escaping: Bool
  ) throws(SplitError) -> [String] {
    if let quote { throw SplitError(description: "unterminated \(quote) quote") }
    if escaping { throw SplitError(description: "a backslash ends the line") }
    let all = inWord ? words + [word] : words
    guard all.count <= maximumWords else {
      throw SplitError(description: "too many words: \(all.count), the limit is \(maximumWords)")
    }
    return all
  }

  /// Whether a line holds no command: it is blank, or only a comment (its first word starts with
  /// `#`). Scripts, transcripts and golden files all decide with this, by the same rule as
  /// ``split(_:)``.
  public static func isBlankOrComment(_ line: String) -> Bool {
    let rest = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    return rest.isEmpty || rest.first == "#"
  }

  /// Whether text at the start of a later word begins a comment: a `#` that no digit follows.
  private static func beginsComment(_ text: some Collection<Character>) -> Bool {
    text.first == "#" && !(text.dropFirst().first?.isNumber ?? false)
  }

  /// Quotes a word so that ``split(_:)`` gives it back unchanged.
  public static func quote(_ word: String) -> String {
    let plain = !word.isEmpty && word.allSatisfy { !" \t\"'\\#".contains($0) }
    guard !plain else { return word }
    return "\""
      + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
