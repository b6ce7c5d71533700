import Vocabulary

extension Interpreter.Outcome {
  /// The kind of failure, `nil` when the line succeeded.
  public var code: ErrorCode? {
    switch self {
    case .succeeded: nil
    case .failed(_, let code): code
    case .expectationFailed: .expectationFailed
    case .interrupted: .interrupted
    }
  }

  /// The message without its kind (`error:`), `nil` when the line succeeded.
  public var message: String? {
    switch self {
    case .succeeded: nil
    case .failed(let message, _), .expectationFailed(let message), .interrupted(let message): message
    }
  }

  /// How a failure reads after its location: `error: …` or `expectation failed: …`; `nil` when
  /// the line succeeded.
  public var failure: String? {
    switch self {
    case .succeeded: nil
    case .failed(let message, _): "error: \(message)"
    case .expectationFailed(let message): "expectation failed: \(message)"
    case .interrupted(let message): "interrupted: \(message)"
    }
  }
}
