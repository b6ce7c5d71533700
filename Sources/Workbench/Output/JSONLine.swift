import Foundation
import Simulation

/// Writes one JSON object on one line with its keys in the order given, for `--format json`.
enum JSONLine {
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(quote($0.0)):\(quote($0.1))" }.joined(separator: ",") + "}"
  }

  /// A failure as `--format json` writes it, on the same stream as the rest:
  /// `{"error":{"code":"unknown_command","message":"…","file":"a.storebench","line":3}}` (`file` and
  /// `line` only for a script's line).
  static func error(code: ErrorCode, message: String, file: String? = nil, line: Int? = nil) -> String {
    var members = [("code", quote(code.rawValue)), ("message", quote(message))]
    if let file { members.append(("file", quote(file))) }
    if let line { members.append(("line", String(line))) }
    return "{\"error\":{" + members.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}}"
  }

  static func quote(_ text: String) -> String {
    OrderedJSON.quoted(text)
  }
}
