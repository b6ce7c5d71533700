import Crypto
import Foundation
import JSON
import Simulation

/// One record of a kept world's journal (``WorldJournal``): a line of the file, `CHECK JSON`, where
/// `CHECK` is the first eight hex digits of the JSON's SHA-256, so that a record torn by a crash
/// or changed by hand is recognised. The first record names the snapshot the others apply to.
enum JournalRecord: Hashable {
  /// The first record: the journal applies to the snapshot whose SHA-256 is `base`.
  case header(base: String)
  /// A command line that changes the world, written before it runs, with the directory its
  /// relative paths are read from.
  case line(words: [String], directory: String?)
  /// A request to the App Store Server API that may change the world, written before it is answered.
  case request(method: String, path: String, query: [APIRequest.QueryItem], body: [UInt8])
  /// How a notification's delivery attempt went, written as it ends.
  case attempt(SendAttemptResult)
  /// What a realtime retention call gave, written as it ends.
  case realtime(RealtimeExchange)
  /// Ctrl-C stopped the line before: what it did, as a line that does it again (`clock set …`).
  case stopped(line: String)

  /// The journal format's version, in its header.
  static let version: Int64 = 1

  /// The record as a line of the journal, with its check and its line end.
  var bytes: [UInt8] {
    let json = Array(self.json.text.utf8)
    return Array(Self.check(json).utf8) + [UInt8(ascii: " ")] + json + [UInt8(ascii: "\n")]
  }

  /// The first eight hex digits of the SHA-256 of a record's JSON.
  static func check(_ json: some Collection<UInt8>) -> String {
    hex(SHA256.hash(data: Array(json)).prefix(4))
  }

  /// Bytes as lowercase hexadecimal, two digits each: a record's check, a snapshot's SHA-256.
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]] }
    return String(decoding: text, as: UTF8.self)
  }

  private var json: OrderedJSON {
    switch self {
    case .header(let base):
      return .object([.init("journal", .integer(Self.version)), .init("base", .string(base))])
    case .line(let words, let directory):
      var members = [OrderedJSON.Member("line", .array(words.map { .string($0) }))]
      if let directory { members.append(.init("directory", .string(directory))) }
      return .object(members)
    case .request(let method, let path, let query, let body):
      return .object([
        .init("request", .string(method)), .init("path", .string(path)),
        .init("query", .array(query.map { .array([.string($0.name), .string($0.value)]) })),
        .init("body", .string(Data(body).base64EncodedString())),
      ])
    case .attempt(let result):
      return .object([.init("attempt", .string(result.rawValue))])
    case .realtime(.answered(let status, let body, let milliseconds)):
      return .object([
        .init("realtime", .integer(Int64(status))), .init("body", .string(Data(body).base64EncodedString())),
        .init("milliseconds", .integer(Int64(milliseconds))),
      ])
    case .realtime(.failed(let result, let milliseconds)):
      return .object([
        .init("realtime", .string(result.rawValue)), .init("milliseconds", .integer(Int64(milliseconds))),
      ])
    case .stopped(let line):
      return .object([.init("stopped", .string(line))])
    }
  }

  /// Reads a record from one line of the journal (without its line end).
  ///
  /// - Returns: The record, or `nil` when the line is not a whole, unchanged record.
  static func parse(_ line: ArraySlice<UInt8>) -> JournalRecord? {
    guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: " ") else { return nil }
    let check = String(decoding: line.prefix(8), as: UTF8.self)
    let json = line.dropFirst(9)
    guard check == Self.check(json), case .object(let members)? = try? JSONParser.parse(Array(json))
    else { return nil }
    return record(
      from: Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
  }

  private static func record(from object: [String: JSONValue]) -> JournalRecord? {
    if case .string(let base)? = object["base"] { return .header(base: base) }
    if case .array(let values)? = object["line"] {
      let words = values.compactMap { value -> String? in
        if case .string(let word) = value { return word }
        return nil
      }
      guard words.count == values.count else { return nil }
      if case .string(let directory)? = object["directory"] {
        return .line(words: words, directory: directory)
      }
      return .line(words: words, directory: nil)
    }
    if case .string(let method)? = object["request"] { return request(method: method, object) }
    if case .string(let result)? = object["attempt"] {
      return SendAttemptResult(rawValue: result).map(Self.attempt)
    }
    if case .string(let line)? = object["stopped"] { return .stopped(line: line) }
    if object["realtime"] != nil { return realtime(object) }
    return nil
  }

  private static func realtime(_ object: [String: JSONValue]) -> JournalRecord? {
    guard case .number(let time)? = object["milliseconds"], let milliseconds = Int(time) else { return nil }
    switch object["realtime"] {
    case .number(let text)?:
      guard let status = Int(text), case .string(let encoded)? = object["body"],
        let body = Data(base64Encoded: encoded)
      else { return nil }
      return .realtime(.answered(status: status, body: Array(body), milliseconds: milliseconds))
    case .string(let result)?:
      return SendAttemptResult(rawValue: result).map { .realtime(.failed($0, milliseconds: milliseconds)) }
    default:
      return nil
    }
  }

  private static func request(method: String, _ object: [String: JSONValue]) -> JournalRecord? {
    guard case .string(let path)? = object["path"], case .array(let items)? = object["query"],
      case .string(let encoded)? = object["body"], let body = Data(base64Encoded: encoded)
    else { return nil }
    var query: [APIRequest.QueryItem] = []
    for item in items {
      guard case .array(let pair) = item, pair.count == 2, case .string(let name) = pair[0],
        case .string(let value) = pair[1]
      else { return nil }
      query.append(.init(name, value))
    }
    return .request(method: method, path: path, query: query, body: Array(body))
  }
}
