/// Negative numbers among a command's words, which commands refuse with a message of their own
/// (see ``NegativeValues`` for how they reach the command).
enum NegativeNumber {
  /// Whether a word is a negative number or duration, such as `-1`, `-0.5` or `-1d`.
  static func matches(_ word: String) -> Bool {
    let characters = Array(word.prefix(3))
    guard characters.count >= 2, characters[0] == "-" else { return false }
    if characters[1].isASCII && characters[1].isNumber { return true }
    return characters[1] == "." && characters.count == 3 && characters[2].isASCII && characters[2].isNumber
  }
}
