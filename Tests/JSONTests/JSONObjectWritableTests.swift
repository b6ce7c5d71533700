import Foundation
import JSON
import Testing

/// One list of members serves both writers: ``CompactJSONWriter`` straight into bytes, and an
/// `Encoder` through ``EncodingContainerWriter`` (compact or indented by ``OrderedJSONEncoder``,
/// or Foundation's `JSONEncoder`), with the same members in the same order.
@Suite struct JSONObjectWritableTests {
  /// An object with every kind of member: strings, integers, flags, an object, an array of objects.
  private struct Order: JSONObjectWritable {
    var id: String
    var quantity: Int?
    var isGift: Bool?
    var buyer: Order.Buyer?
    var lines: [Order.Buyer]?

    struct Buyer: JSONObjectWritable {
      var name: String?

      func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
        try writer.member("name", name)
      }
    }

    func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
      try writer.member("id", id)
      try writer.member("quantity", quantity)
      try writer.member("is_gift", isGift)
      try writer.member("buyer", buyer)
      try writer.member("lines", lines)
    }
  }

  private static let full = Order(
    id: "a/\"b\"", quantity: -3, isGift: false, buyer: Order.Buyer(name: "é 😀\n"),
    lines: [Order.Buyer(name: "x"), Order.Buyer(name: nil)])

  @Test func theFastWriterWritesWhatTheEncoderWrites() throws {
    for order in [Self.full, Order(id: ""), Order(id: "1", lines: [])] {
      let fast = String(decoding: try order.compactJSON(capacity: 0), as: UTF8.self)
      #expect(fast == (try OrderedJSONEncoder(isCompact: true).encode(order)))
    }
    #expect(
      String(decoding: try Self.full.compactJSON(capacity: 0), as: UTF8.self)
        == #"{"id":"a/\"b\"","quantity":-3,"is_gift":false,"buyer":{"name":"é 😀\n"},"lines":[{"name":"x"},{}]}"#
    )
  }

  @Test func theIndentedFormListsTheSameMembers() throws {
    #expect(
      try OrderedJSONEncoder().encode(Order(id: "1", buyer: Order.Buyer(name: "n"), lines: []))
        == "{\n  \"id\": \"1\",\n  \"buyer\": {\n    \"name\": \"n\"\n  },\n  \"lines\": []\n}")
  }

  @Test func foundationsEncoderReadsTheSameList() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let decoded = try JSONSerialization.jsonObject(with: encoder.encode(Self.full)) as? [String: Any]
    #expect(decoded?.keys.sorted() == ["buyer", "id", "is_gift", "lines", "quantity"])
  }
}
