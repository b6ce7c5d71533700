import Synchronization

/// Where `Transaction.updates` sequences are fed from: each sequence made registers a continuation,
/// and every transaction the app's listener gets is given to all of them.
final class UpdateHub: Sendable {
  private let continuations = Mutex<[Int: AsyncStream<VerificationResult<Transaction>>.Continuation]>([:])
  private let nextKey = Atomic<Int>(0)

  /// A new sequence of the updates from now on.
  func stream() -> AsyncStream<VerificationResult<Transaction>> {
    AsyncStream { continuation in
      let key = nextKey.add(1, ordering: .relaxed).newValue
      continuations.withLock { $0[key] = continuation }
      continuation.onTermination = { [weak self] _ in
        _ = self?.continuations.withLock { $0.removeValue(forKey: key) }
      }
    }
  }

  /// Gives an update to every sequence.
  func yield(_ update: VerificationResult<Transaction>) {
    for continuation in continuations.withLock({ Array($0.values) }) { continuation.yield(update) }
  }
}
