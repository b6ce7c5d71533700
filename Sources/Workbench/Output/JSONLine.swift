import JSON
import Vocabulary

/// Writes one JSON object on one line with its keys in the order given, for `--format json`.
enum JSONLine {
  static func object(_ members: [(String, String)]) -> String {
    OrderedJSON.object(members.map { OrderedJSON.Member($0.0, .string($0.1)) }).text
  }

  /// A failure as `--format json` writes it, on the same stream as the rest:
  /// `{"error":{"code":"unknown_command","message":"…","file":"a.storebench","line":3}}` (`file` and
  /// `line` only for a script's line).
  static func error(code: ErrorCode, message: String, file: String? = nil, line: Int? = nil) -> String {
    var members = [
      OrderedJSON.Member("code", .string(code.rawValue)), OrderedJSON.Member("message", .string(message)),
    ]
    if let file { members.append(OrderedJSON.Member("file", .string(file))) }
    if let line { members.append(OrderedJSON.Member("line", .integer(Int64(line)))) }
    return OrderedJSON.object([OrderedJSON.Member("error", .object(members))]).text
  }
}
