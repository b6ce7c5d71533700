extension Transaction {
  /// A sequence of signed transactions: the answer of a query (`currentEntitlements`, `all`,
  /// `unfinished`), which ends, or ``Transaction/updates``, which does not.
  public struct Transactions: AsyncSequence, Sendable {
    /// A signed transaction.
    public typealias Element = VerificationResult<Transaction>

    /// Where the transactions come from.
    package enum Source: Sendable {
      /// A query, answered when iteration starts.
      case query(@Sendable () async -> [Element])
      /// What the App Store sends from now on.
      case live(Broadcast<Element>)
    }

    let source: Source

    package init(_ source: Source) {
      self.source = source
    }

    /// Starts iterating: a query is answered now, `updates` starts listening now.
    public func makeAsyncIterator() -> AsyncIterator {
      switch source {
      case .query(let answer): AsyncIterator(pending: nil, answer: answer, subscription: nil)
      case .live(let broadcast): AsyncIterator(pending: nil, answer: nil, subscription: broadcast.subscribe())
      }
    }

    /// Gives the transactions one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var pending: ArraySlice<Element>?
      let answer: (@Sendable () async -> [Element])?
      let subscription: Broadcast<Element>.Subscription?

      /// The next transaction; `nil` at the end of a query, or once the task is cancelled.
      public mutating func next() async -> Element? {
        if let subscription { return await subscription.next() }
        if pending == nil { pending = ArraySlice(await answer?() ?? []) }
        return pending?.popFirst()
      }
    }
  }
}
