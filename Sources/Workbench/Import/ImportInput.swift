import Foundation
import Simulation
import SystemIO
import Verifier

/// The bytes an `import` reads: a file, or standard input for `-`.
enum ImportInput {
  /// The bytes of `path` (beside the running script when relative), or of standard input for `-`,
  /// at most the format's limit.
  static func bytes(
    _ path: String, as format: FileFormat, in session: Session
  ) throws(WorkbenchError) -> [UInt8] {
    guard path == "-" else { return try session.read(path, as: format) }
    do {
      return try FileReader.readStandardInput(as: format)
    } catch {
      throw WorkbenchError(.file, "standard input: cannot read it (\(error))")
    }
  }

  /// A receipt's DER from what a file holds: what verifyReceipt takes as `receipt-data` (DER, or
  /// base64 with white space; see ``VerifyReceiptService/receiptBytes(_:)``), also inside a JSON
  /// string's quotes with escaped line breaks, or URL-safe, as apps log receipts and servers store them.
  static func receiptBytes(_ bytes: [UInt8], source: String) throws(WorkbenchError) -> [UInt8] {
    var text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      text = String(text.dropFirst().dropLast())
    }
    let unescaped = Array(text.replacingOccurrences(of: "\\n", with: "").utf8)
    let decoded =
      VerifyReceiptService.receiptBytes(bytes) ?? VerifyReceiptService.receiptBytes(unescaped)
      ?? Base64.decode(String(decoding: unescaped, as: UTF8.self).filter { !$0.isWhitespace }, .url)
    guard let decoded, decoded.first == 0x30 else {
      throw WorkbenchError(
        .invalidValue,
        "\(source): neither a receipt's DER (it starts with a SEQUENCE, 0x30) nor base64 of one")
    }
    return decoded
  }
}
