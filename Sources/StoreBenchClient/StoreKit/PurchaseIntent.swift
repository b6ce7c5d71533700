/// A purchase the customer started outside the app (a promoted in-app purchase on the App Store,
/// a win-back offer): the app completes it by buying ``product``.
public struct PurchaseIntent: Equatable, Identifiable, Sendable {
  /// The product.
  public let product: Product
  /// The offer the customer chose, if any.
  public let offer: Product.SubscriptionOffer?

  package init(product: Product, offer: Product.SubscriptionOffer?) {
    self.product = product
    self.offer = offer
  }

  /// The product's identifier.
  public var id: Product.ID { product.id }

  /// The purchase intents from now on, and those waiting when the app starts listening.
  public static var intents: PurchaseIntent.PurchaseIntents {
    PurchaseIntents(CurrentStore.required("PurchaseIntent.intents").channels.intents)
  }

  /// The sequence of ``intents``.
  public struct PurchaseIntents: AsyncSequence {
    /// A purchase intent.
    public typealias Element = PurchaseIntent
    let broadcast: Broadcast<PurchaseIntent>

    package init(_ broadcast: Broadcast<PurchaseIntent>) {
      self.broadcast = broadcast
    }

    /// Starts listening.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(subscription: broadcast.subscribe()) }

    /// Gives the intents as they come.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let subscription: Broadcast<PurchaseIntent>.Subscription

      /// The next intent; `nil` once the task is cancelled.
      public mutating func next() async -> PurchaseIntent? { await subscription.next() }
    }
  }
}
