import HTTPTypes
import Hummingbird
import Simulation

extension Response {
  /// The HTTP answer for an ``APIResponse``: its status, its headers exactly as given (so the
  /// content type stays `application/json` with no charset) and its body.
  init(_ answer: APIResponse) {
    var headers = HTTPFields()
    for (name, value) in answer.headers {
      guard let field = HTTPField.Name(name) else { continue }
      headers.append(HTTPField(name: field, value: value))
    }
    self.init(
      status: HTTPResponse.Status(code: answer.status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
  }

  /// The answer, sent once its `delay` (a fault switch) has passed: the wait happens here, at the
  /// edge, outside the world's owner, so other requests and commands go on meanwhile.
  static func after(_ answer: APIResponse) async throws -> Response {
    if let delay = answer.delay { try await Task.sleep(for: delay) }
    return Response(answer)
  }

  /// Apple's error answer.
  init(error: APIError) {
    self.init(APIResponse.error(error))
  }
}

extension Request {
  /// The body's bytes, at most `limit` of them.
  ///
  /// - Throws: `HTTPError(.contentTooLarge)` past the limit (the edge answers 413).
  func bodyBytes(upTo limit: Int) async throws -> [UInt8] {
    var collected: [UInt8] = []
    for try await buffer in body {
      guard collected.count + buffer.readableBytes <= limit else { throw HTTPError(.contentTooLarge) }
      collected.append(contentsOf: buffer.readableBytesView)
    }
    return collected
  }
}
