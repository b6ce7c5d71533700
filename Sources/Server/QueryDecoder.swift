import Simulation

/// Decodes a query string as clients send it: `name=value` pairs split on `&`, in order, a
/// repeated key once per value, `+` as a space and `%XX` percent-decoded; values such as `True`
/// left as they are. An empty query (Node's trailing `?`) has no items.
enum QueryDecoder {
  /// The items of a query (the text after `?`).
  static func items(of query: String) -> [APIRequest.QueryItem] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return APIRequest.QueryItem(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  /// Percent-decodes a component; a `%` not followed by two hex digits stays as it is.
  static func decode(_ text: Substring) -> String {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 3
        continue
      }
      decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
