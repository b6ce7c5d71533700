/// Splits one line of the command language into words: spaces separate words, single or double
/// quotes keep spaces inside a word, a backslash escapes the next character, and `#` at the start
/// of a word starts a comment, unless a digit follows it (`#3` is a transaction handle).
public enum CommandLineSplitter {
  /// Why a line could not be split.
  public struct SplitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var description: String
  }

  /// The words of a line, without the comment.
  ///
  /// - Throws: ``SplitError`` for an unterminated quote or a trailing backslash.
  public static func split(_ line: String) throws(SplitError) -> [String] {
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
      case "#" where !inWord && !(index + 1 < characters.count && characters[index + 1].isNumber):
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
    return inWord ? words + [word] : words
  }

  /// Quotes a word so that ``split(_:)`` gives it back unchanged.
  public static func quote(_ word: String) -> String {
    let plain = !word.isEmpty && word.allSatisfy { !" \t\"'\\#".contains($0) }
    guard !plain else { return word }
    return "\""
      + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
