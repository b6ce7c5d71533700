/// One attribute as read from the wire: its value still a slice of the payload bytes.
struct WireAttribute {
  var type: Int
  var version: Int
  var value: ArraySlice<UInt8>

  /// The attribute as the public wire-form type.
  var attribute: ReceiptAttribute {
    ReceiptAttribute(type: type, version: version, value: Array(value))
  }
}
