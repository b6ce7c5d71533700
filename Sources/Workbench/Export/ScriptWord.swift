/// How a word is written on a script line so that ``CommandLineSplitter`` reads it back.
enum ScriptWord {
  /// The word bare when it holds only characters that need no quoting (a handle such as `#3`
  /// included: `#` and a digit start no comment), else in double quotes with `"` and `\` escaped.
  static func quoted(_ word: String) -> String {
    let handle =
      word.count > 1 && word.first == "#" && word.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    if handle { return word }
    let plain =
      !word.isEmpty && !word.hasPrefix("#")
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "-_.:/+@=,%?&".unicodeScalars.contains(scalar))
      }
    guard !plain else { return word }
    var text = "\""
    for character in word {
      if character == "\"" || character == "\\" { text.append("\\") }
      text.append(character)
    }
    return text + "\""
  }
}
