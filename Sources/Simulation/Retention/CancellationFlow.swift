/// A customer's open cancellation flow: the subscription they are about to cancel, what the App
/// Store shows them (a retention message, with an alternate product or a promotional offer to
/// accept, or the App Store's own page), and how that was decided.
public struct CancellationFlow: Hashable, Sendable {
  /// What the customer may accept instead of cancelling.
  public enum Choice: Hashable, Sendable {
    /// Nothing: the message only.
    case none
    /// Switching to another product of the group.
    case alternateProduct(productId: String)
    /// A promotional offer, its signature already checked.
    case promotionalOffer(productId: String, offerId: String)
  }

  /// Where what is shown came from.
  public enum Source: Hashable, Sendable {
    /// The app's server chose it in time.
    case server
    /// The default message of the product and locale, because the server's answer could not be
    /// used: the reason says why.
    case defaultMessage(reason: String)
    /// No retention message: neither the server nor a default gave one; the reason says why.
    case appStorePage(reason: String)
  }

  /// The customer's account.
  public let accountName: String
  /// The product subscribed to.
  public let productId: String
  /// The subscription's original transaction.
  public let originalTransactionNumber: UInt64
  /// The customer's locale, such as `en-US`.
  public let locale: String
  /// The realtime request's identifier, when the app's server was asked.
  public let requestIdentifier: String?
  /// The message shown, if any.
  public let message: RetentionMessage?
  /// What the customer may accept.
  public let choice: Choice
  /// How it was decided.
  public let source: Source

  /// What the customer sees and how it was decided, a line each, as the prompt and the page show
  /// it: where it came from, the message (its image and bullet points indented), what is offered.
  public var shownLines: [String] {
    var lines: [String]
    switch source {
    case .server: lines = ["the app's server chose what is shown"]
    case .defaultMessage(let reason): lines = ["\(reason): the default message is shown"]
    case .appStorePage(let reason): lines = ["\(reason): the App Store's own page is shown"]
    }
    if let message {
      lines.append("message \(message.identifier): \"\(message.header)\" \"\(message.body)\"")
      if let image = message.image { lines.append("  image \(image.identifier) (\(image.altText))") }
      for point in message.bulletPoints { lines.append("  • \(point.text)") }
    }
    switch choice {
    case .none: break
    case .alternateProduct(let productId): lines.append("offers: switch to \(productId)")
    case .promotionalOffer(let productId, let offerId):
      lines.append("offers: promotional offer \(offerId) of \(productId) (signature checked)")
    }
    return lines
  }
}
