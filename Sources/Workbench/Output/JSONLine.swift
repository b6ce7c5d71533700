import Foundation
import Simulation

/// Writes one JSON object on one line with its keys in the order given, for `--format json`.
enum JSONLine {
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(quote($0.0)):\(quote($0.1))" }.joined(separator: ",") + "}"
  }

  static func quote(_ text: String) -> String {
    OrderedJSON.quoted(text)
  }
}
