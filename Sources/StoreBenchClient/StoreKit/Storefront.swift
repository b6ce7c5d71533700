import Foundation

/// The App Store country or region the customer buys in.
public struct Storefront: Identifiable, Sendable {
  /// A storefront identifier.
  public typealias ID = String

  /// The country code, ISO 3166-1 alpha-3 (`USA`).
  public let countryCode: String
  /// Apple's storefront identifier (`143441`).
  public let id: String
  private let currencyCode: String

  package init(countryCode: String, id: String, currencyCode: String) {
    self.countryCode = countryCode
    self.id = id
    self.currencyCode = currencyCode
  }

  /// The storefront's currency.
  public var currency: Locale.Currency? { Locale.Currency(currencyCode) }

  /// The customer's storefront now.
  public static var current: Storefront? {
    get async { await CurrentStore.required("Storefront.current").storefront }
  }

  /// Every change of the customer's storefront from now on.
  public static var updates: Storefront.Storefronts {
    Storefronts(CurrentStore.required("Storefront.updates").channels.storefronts)
  }

  /// The sequence of ``updates``.
  public struct Storefronts: AsyncSequence, Sendable {
    /// A storefront.
    public typealias Element = Storefront
    let broadcast: Broadcast<Storefront>

    package init(_ broadcast: Broadcast<Storefront>) {
      self.broadcast = broadcast
    }

    /// Starts listening.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(subscription: broadcast.subscribe()) }

    /// Gives the storefronts as they change.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let subscription: Broadcast<Storefront>.Subscription

      /// The next storefront; `nil` once the task is cancelled.
      public mutating func next() async -> Storefront? { await subscription.next() }
    }
  }
}
