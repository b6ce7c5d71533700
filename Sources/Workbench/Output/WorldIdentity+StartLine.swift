import Simulation

extension WorldIdentity {
  /// The seed and where transaction ids start: `world seed 8412: transaction ids start at
  /// 2000000384712345`, as `identity --seed 8412` says it.
  public var seedLine: String {
    "world seed \(seed): transaction ids start at \(firstTransactionNumber)"
  }

  /// The line printed when a new world starts with this identity at the prompt or under `serve`
  /// (and under `--seed random`): ``seedLine`` and how to start the same world again, `world seed
  /// 8412: transaction ids start at 2000000384712345; reproduce with --seed 8412`.
  public var startLine: String {
    "\(seedLine); reproduce with --seed \(seed)"
  }
}
