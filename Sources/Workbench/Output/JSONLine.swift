import Foundation

/// Writes one JSON object on one line with its keys in the order given, for `--format json`.
enum JSONLine {
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(quote($0.0)):\(quote($0.1))" }.joined(separator: ",") + "}"
  }

  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
