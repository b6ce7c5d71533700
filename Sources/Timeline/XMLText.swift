/// Text made safe for XML (and HTML) content and attribute values.
public enum XMLText {
  /// `text` with markup characters as entities, characters XML 1.0 forbids as U+FFFD, and in
  /// attribute values (the default) line breaks and tabs as character references, so that they
  /// survive attribute normalization.
  public static func escaped(_ text: String, inAttribute: Bool = true) -> String {
    guard
      text.utf8.contains(where: {
        $0 < 0x20 || $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 || $0 >= 0xEF
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\t": result += inAttribute ? "&#\(scalar.value);" : String(scalar)
      case "\r": result += "&#13;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
