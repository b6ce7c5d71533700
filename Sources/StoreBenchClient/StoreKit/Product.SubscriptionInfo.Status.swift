extension Product.SubscriptionInfo {
  /// The status of one of the customer's subscriptions: its state, its latest transaction and
  /// its renewal info, both signed.
  public struct Status: Equatable, Hashable, Sendable {
    /// The subscription's state.
    public let state: Product.SubscriptionInfo.RenewalState
    /// The latest transaction.
    public let transaction: VerificationResult<Transaction>
    /// What happens at the next renewal.
    public let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>

    package init(
      state: Product.SubscriptionInfo.RenewalState, transaction: VerificationResult<Transaction>,
      renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>
    ) {
      self.state = state
      self.transaction = transaction
      self.renewalInfo = renewalInfo
    }

    /// Every change of a subscription's status from now on (a renewal, an expiry, billing
    /// trouble, a refund, a plan change), as it happens.
    public static var updates: Product.SubscriptionInfo.Status.Statuses {
      Statuses(CurrentStore.required("Product.SubscriptionInfo.Status.updates").channels.statuses)
    }

    /// The statuses of every subscription group the customer has subscribed in, a group at a time.
    public static var all: AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])> {
      let store = CurrentStore.required("Product.SubscriptionInfo.Status.all")
      return AsyncStream { continuation in
        let task = Task {
          for group in await store.allStatuses() { continuation.yield(group) }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }

    /// The sequence of ``updates``.
    public struct Statuses: AsyncSequence, Sendable {
      /// A status.
      public typealias Element = Product.SubscriptionInfo.Status
      let broadcast: Broadcast<Element>

      init(_ broadcast: Broadcast<Element>) {
        self.broadcast = broadcast
      }

      /// Starts listening.
      public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(broadcast.subscribe()) }

      /// Gives the statuses as they change.
      public struct AsyncIterator: AsyncIteratorProtocol {
        let subscription: Broadcast<Element>.Subscription

        init(_ subscription: Broadcast<Element>.Subscription) {
          self.subscription = subscription
        }

        /// The next change; `nil` once the task is cancelled.
        public mutating func next() async -> Element? { await subscription.next() }
      }
    }
  }
}
