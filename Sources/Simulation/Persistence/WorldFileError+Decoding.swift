extension WorldFileError {
  /// The error for what `JSONDecoder` found wrong, at the JSON path it names.
  init(decoding error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath + [key]), reason: "missing")
    case .typeMismatch(let type, let context):
      self.init(path: Self.path(context.codingPath), reason: "expected \(Self.name(type))")
    case .valueNotFound(let type, let context):
      self.init(path: Self.path(context.codingPath), reason: "expected \(Self.name(type)), found null")
    case .dataCorrupted(let context):
      self.init(path: Self.path(context.codingPath), reason: context.debugDescription)
    @unknown default:
      self.init(path: "", reason: "\(error)")
    }
  }

  /// `accounts[0].history[3].productId`.
  private static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  private static func name(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Double.Type: "a number"
    case is Int.Type, is Int64.Type, is UInt64.Type: "a whole number"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }
}
