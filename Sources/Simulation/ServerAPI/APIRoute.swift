/// One endpoint of the App Store Server API: its short name, method and path pattern, and what
/// answers it. ``AppStoreServerAPI/routes`` holds them all.
struct APIRoute: Sendable {
  /// A path segment: a fixed word, or a value the handler reads.
  enum Segment: Sendable {
    case literal(String)
    case parameter
  }

  /// The short stable name fault switches use, such as `history`.
  let name: String
  /// `GET`, `POST` or `PUT`.
  let method: String
  /// The path's segments after the leading `/`.
  let pattern: [Segment]
  /// What answers it.
  let handler: @Sendable (APIContext) throws(APIError) -> APIResponse

  init(
    _ name: String, _ method: String, _ path: String,
    _ handler: @escaping @Sendable (APIContext) throws(APIError) -> APIResponse
  ) {
    self.name = name
    self.method = method
    self.pattern = path.split(separator: "/").map {
      $0.hasPrefix("{") ? .parameter : .literal(String($0))
    }
    self.handler = handler
  }

  /// The parameters of a path this route's pattern matches, in order; `nil` when it does not match.
  func parameters(of segments: [Substring]) -> [String]? {
    guard segments.count == pattern.count else { return nil }
    var parameters: [String] = []
    for (segment, expected) in zip(segments, pattern) {
      switch expected {
      case .literal(let word): guard segment == word else { return nil }
      case .parameter:
        guard !segment.isEmpty else { return nil }
        parameters.append(String(segment))
      }
    }
    return parameters
  }

  /// Whether this route wins over `other` where both match a path: at the first segment where one
  /// has a fixed word and the other `{…}`, the fixed word wins.
  func isMoreSpecific(than other: APIRoute) -> Bool {
    for (mine, theirs) in zip(pattern, other.pattern) {
      switch (mine, theirs) {
      case (.literal, .parameter): return true
      case (.parameter, .literal): return false
      case (.literal, .literal), (.parameter, .parameter): continue
      }
    }
    return false
  }
}
