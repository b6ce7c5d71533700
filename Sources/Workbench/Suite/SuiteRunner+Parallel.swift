import Foundation

extension SuiteRunner {
  /// How far a suite run has got, reported each time a script finishes.
  public struct Progress: Sendable {
    /// How many scripts have finished.
    public var finished: Int
    /// How many there are.
    public var total: Int
    /// Verdicts newly ready in the order of the scripts: each comes once every script before it
    /// has been reported, so that a report printed from them is in that order.
    public var ready: [Verdict]
  }

  /// Runs scripts at most `jobs` at a time, each in its own task with its own session.
  ///
  /// - Parameters:
  ///   - scripts: the scripts' paths, in the order to report them.
  ///   - jobs: how many may run at once (at least 1).
  ///   - progress: called in the caller's isolation each time a script finishes.
  /// - Returns: the verdicts, in the order of `scripts`.
  public func run(
    _ scripts: [String], jobs: Int, isolation: isolated (any Actor)? = #isolation,
    progress: (Progress) -> Void
  ) async -> [Verdict] {
    var verdicts = [Verdict?](repeating: nil, count: scripts.count)
    var reported = 0
    await withTaskGroup(of: (Int, Verdict).self) { group in
      var started = 0
      func startNext() {
        guard started < scripts.count else { return }
        let index = started
        started += 1
        group.addTask { [self] in (index, await offThePool { timedVerdict(for: scripts[index]) }) }
      }
      for _ in 0..<max(1, jobs) { startNext() }
      var finished = 0
      while let (index, verdict) = await group.next() {
        verdicts[index] = verdict
        finished += 1
        startNext()
        var ready: [Verdict] = []
        while reported < scripts.count, let next = verdicts[reported] {
          ready.append(next)
          reported += 1
        }
        progress(Progress(finished: finished, total: scripts.count, ready: ready))
      }
    }
    return verdicts.compactMap { $0 }
  }

  /// Runs blocking work on a thread of its own rather than one of the few of Swift's cooperative
  /// pool, which a script's server (`serve start`) needs while the script waits for it.
  private func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }

  /// The verdict on a script, with how long it took.
  private func timedVerdict(for script: String) -> Verdict {
    let clock = ContinuousClock()
    let start = clock.now
    var verdict = verdict(for: script)
    verdict.duration = clock.now - start
    return verdict
  }
}
