/// What the local App Store answers: a status, headers and a body, and for a fault switch, how long
/// the edge waits (in real time) before answering.
public struct APIResponse: Sendable {
  /// The HTTP status.
  public var status: Int
  /// Headers beyond the server's own, in order, such as `Content-Type` and `Retry-After`.
  public var headers: [(name: String, value: String)]
  /// The body's bytes.
  public var body: [UInt8]
  /// A delay the edge adds before answering (the `delay` fault switch).
  public var delay: Duration?

  /// Creates a response.
  public init(
    status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], delay: Duration? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
  }

  /// A JSON answer. The content type is exactly `application/json`, as Apple sends it: Apple's
  /// Python library reads an error's body only under that exact header.
  public static func json(_ text: String, status: Int = 200) -> APIResponse {
    json(bytes: Array(text.utf8), status: status)
  }

  /// A JSON answer whose text is already bytes (``json(_:status:)``).
  public static func json(bytes: [UInt8], status: Int = 200) -> APIResponse {
    APIResponse(status: status, headers: [("Content-Type", "application/json")], body: bytes)
  }

  /// An answer without a body, such as 202 Accepted or a bare 401.
  public static func empty(_ status: Int) -> APIResponse {
    APIResponse(status: status)
  }

  /// Apple's error answer: the HTTP status of the code and `{"errorCode": N, "errorMessage": "…"}`.
  public static func error(_ error: APIError) -> APIResponse {
    json(error.bodyText, status: error.httpStatus)
  }
}
