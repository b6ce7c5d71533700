import Simulation

extension WorldIdentity {
  /// The line printed when a new world starts with this identity at the prompt or under `serve`
  /// (and under `--seed random`): the seed, where transaction ids start and how to start the same
  /// world again, `world seed 8412: transaction ids start at 2000000384712345; reproduce with
  /// --seed 8412`.
  public var startLine: String {
    "world seed \(seed): transaction ids start at \(firstTransactionNumber); reproduce with --seed \(seed)"
  }
}
