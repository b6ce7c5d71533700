import Foundation
import Verifier

/// The bytes an `import` reads: a file, or standard input for `-`.
enum ImportInput {
  /// The bytes of `path` (beside the running script when relative), or of standard input for `-`.
  static func bytes(_ path: String, in session: Session) throws(WorkbenchError) -> [UInt8] {
    guard path == "-" else { return try session.read(path) }
    return Array(FileHandle.standardInput.readDataToEndOfFile())
  }

  /// A receipt's DER from what a file holds: DER or BER as it is (a `SEQUENCE` first), else
  /// base64 (standard or URL-safe, line breaks and a JSON string's quotes allowed), as apps log
  /// receipts and servers store them.
  static func receiptBytes(_ bytes: [UInt8], source: String) throws(WorkbenchError) -> [UInt8] {
    if bytes.first == 0x30 { return bytes }
    var text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      text = String(text.dropFirst().dropLast())
    }
    let compact = text.replacingOccurrences(of: "\\n", with: "").filter { !$0.isWhitespace }
    if let decoded = Base64.decode(compact, .standard) ?? Base64.decode(compact, .url), decoded.first == 0x30
    {
      return decoded
    }
    throw WorkbenchError(
      "\(source): neither a receipt's DER (it starts with a SEQUENCE, 0x30) nor base64 of one")
  }
}
