extension Interpreter.Outcome {
  /// How a failure reads after its location: `error: …` or `expectation failed: …`; `nil` when
  /// the line succeeded.
  public var failure: String? {
    switch self {
    case .succeeded: nil
    case .failed(let message): "error: \(message)"
    case .expectationFailed(let message): "expectation failed: \(message)"
    case .interrupted(let message): "interrupted: \(message)"
    }
  }
}
